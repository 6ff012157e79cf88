import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import {
  LOVE_STORY_DESCRIPTION_KEYS,
  readLoveStoryDescription,
  LOVE_STORY_MESSAGES,
  loveStoryFormSchema,
  SEO_LIMITS,
  type LoveStory,
  type LoveStoryFormOutput,
  type LoveStoryFormValues,
} from '@darkroom/contracts';
import { CustomerFormField } from '../../components/customer-select';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { ImageFormField } from '../../components/image-form-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { LOVE_STORY_FIELDS, useSaveLoveStory } from './api';

export interface LoveStoryDialogProps {
  /** The story to edit; none means create. */
  story: LoveStory | null;
  onClose: () => void;
}

function initialValues(story: LoveStory | null): LoveStoryFormValues<File> {
  const d = story ? readLoveStoryDescription(story.description) : null;
  return {
    title: story?.title ?? '',
    user: story?.user ?? '',
    description1: d?.description1 ?? '',
    description2: d?.description2 ?? '',
    description3: d?.description3 ?? '',
    description4: d?.description4 ?? '',
    description5: d?.description5 ?? '',
    seo_title: story?.seo_title ?? '',
    seo_description: story?.seo_description ?? '',
    cover_image: null,
  };
}

/** Create or edit a love story: title, customer, five descriptions (the first required), cover. */
export function LoveStoryDialog({ story, onClose }: LoveStoryDialogProps) {
  const mode = story ? 'edit' : 'create';
  const save = useSaveLoveStory();
  const failed = story ? LOVE_STORY_MESSAGES.updateFailed : LOVE_STORY_MESSAGES.failed;
  const schema = useMemo(() => loveStoryFormSchema<File>(mode), [mode]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { isDirty, errors, isSubmitting },
  } = useForm<LoveStoryFormValues<File>, unknown, LoveStoryFormOutput<File>>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: initialValues(story),
  });

  const { run, progress } = useFormDialogSubmit({
    editing: !!story,
    onClose,
    setError,
    fields: LOVE_STORY_FIELDS,
    created: LOVE_STORY_MESSAGES.created,
    updated: LOVE_STORY_MESSAGES.updated,
    // A 400 names its field; anything else gets the spec's failure text.
    failureMessage: { fallback: failed, fields: [...LOVE_STORY_FIELDS, 'description', 'non_field_errors'], badRequest: failed },
  });
  const submit = handleSubmit((values) =>
    run((onProgress) =>
      save.mutateAsync({
        id: story?.id ?? null,
        values: {
          title: values.title,
          user: values.user,
          description: {
            description1: values.description1,
            description2: values.description2 ?? '',
            description3: values.description3 ?? '',
            description4: values.description4 ?? '',
            description5: values.description5 ?? '',
          },
          seo_title: values.seo_title,
          seo_description: values.seo_description,
          cover_image: values.cover_image instanceof File ? values.cover_image : null,
        },
        onProgress,
      }),
    ),
  );

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={story ? 'Edit love story' : 'Create love story'}
      onClose={onClose}
      onSubmit={submit}
      busy={isSubmitting}
      maxWidth="md"
      progress={progress}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
        <FormTextField registration={register('title')} label="Title" required fullWidth error={errors.title} helperText=" " autoFocus />
        <CustomerFormField control={control} name="user" fallbackText={story?.user_text || undefined} error={errors.user} />
      </Stack>
      {LOVE_STORY_DESCRIPTION_KEYS.map((key, i) => (
        <FormTextField
          key={key}
          registration={register(key)}
          label={`Description ${i + 1}`}
          required={i === 0}
          fullWidth
          multiline
          minRows={i === 0 ? 3 : 2}
          error={errors[key]}
          helperText={i === 0 ? 'The opening paragraph' : 'Optional'}
        />
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
        <FormTextField
          registration={register('seo_title')}
          label="SEO title (Optional)"
          fullWidth
          error={errors.seo_title}
          helperText={`Search results and link previews; empty: the title. Up to ${SEO_LIMITS.title} characters.`}
        />
        <FormTextField
          registration={register('seo_description')}
          label="SEO description (Optional)"
          fullWidth
          multiline
          error={errors.seo_description}
          helperText={`Empty: the first description. Up to ${SEO_LIMITS.description} characters.`}
        />
      </Stack>
      <ImageFormField
        control={control}
        name="cover_image"
        validateOnChange="if-invalid"
        label="Cover image"
        currentUrl={story?.cover_image}
        helperText={story ? 'Leave empty to keep the current cover' : 'A square and a landscape version are made from it'}
      />
    </FormDialog>
  );
}
