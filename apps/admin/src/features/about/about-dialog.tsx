import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ABOUT_FIELDS, ABOUT_MESSAGES, aboutFieldsSchema, MIN_IMAGE_DIMENSIONS, type AboutContent } from '@darkroom/contracts';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { ImageFormField } from '../../components/image-form-field';
import { imageFileField } from '../../components/image-file-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { useSaveAbout } from './api';

const MIN = MIN_IMAGE_DIMENSIONS.aboutImage;

/** The shared text rules; the info image is required when creating, the page image never. */
function formSchema(creating: boolean) {
  return aboutFieldsSchema.extend({
    info_image: imageFileField(MIN).refine((f) => !creating || !!f, { error: ABOUT_MESSAGES.infoImageRequired }),
    page_image: imageFileField(MIN),
  });
}

export interface AboutDialogProps {
  /** The existing content (update), or null (create). */
  about: AboutContent | null;
  onClose: () => void;
}

/** 'Manage About Page': creates the content when none exists, otherwise updates it. */
export function AboutDialog({ about, onClose }: AboutDialogProps) {
  const editing = !!about;
  const save = useSaveAbout();
  const schema = useMemo(() => formSchema(!editing), [editing]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { isDirty, errors },
  } = useForm({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: {
      header_text: about?.header_text ?? '',
      info_text1: about?.info_text1 ?? '',
      info_text2: about?.info_text2 ?? '',
      info_image: null,
      page_image: null,
    },
  });

  const { run } = useFormDialogSubmit({
    editing,
    onClose,
    setError,
    fields: ABOUT_FIELDS,
    created: ABOUT_MESSAGES.created,
    updated: ABOUT_MESSAGES.updated,
    failureMessage: { fallback: ABOUT_MESSAGES.saveFailed, fields: ABOUT_FIELDS, serverFault: 'generic' },
    updateClose: 'immediate',
  });
  const onSubmit = handleSubmit((values) => run(() => save.mutateAsync({ id: about?.id ?? null, values })));

  const imageInput = (name: 'info_image' | 'page_image', label: string, current: string | null | undefined) => (
    <ImageFormField
      control={control}
      name={name}
      label={label}
      currentUrl={current ?? null}
      helperText={`At least ${MIN.width} × ${MIN.height} px`}
    />
  );

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={ABOUT_MESSAGES.dialogTitle}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={save.isPending}
      submitLabel={editing ? 'Update' : 'Submit'}
      maxWidth="md"
    >
      <FormTextField
        label="About header text"
        required
        fullWidth
        autoFocus
        registration={register('header_text')}
        error={errors.header_text}
      />
      <FormTextField
        label="About info text"
        required
        fullWidth
        multiline
        minRows={4}
        registration={register('info_text1')}
        error={errors.info_text1}
      />
      <FormTextField
        label="About info text 2 (Optional)"
        fullWidth
        multiline
        minRows={3}
        registration={register('info_text2')}
        error={errors.info_text2}
      />
      {imageInput('info_image', 'Info image', about?.info_image)}
      {imageInput('page_image', 'Page image (Optional)', about?.page_image)}
    </FormDialog>
  );
}
