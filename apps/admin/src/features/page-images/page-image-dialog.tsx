import { useMemo } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Alert, MenuItem, TextField } from '@mui/material';
import { z } from 'zod';
import {
  MIN_IMAGE_DIMENSIONS,
  PAGE_IMAGE_ASPECT,
  PAGE_IMAGE_MESSAGES,
  pageIdField,
  pageImageRequiredMessage,
  type PageImage,
} from '@darkroom/contracts';
import { ImageEntityDialog } from '../../components/image-entity-dialog';
import { imageFileField } from '../../components/image-file-field';
import { PAGE_IMAGE_FIELD_ORDER, usePageImages, usePageTypes, useSavePageImage, type PageImageFormValues } from './api';

const MIN = MIN_IMAGE_DIMENSIONS.pageImage;

/** Page required; the image required on create with the chosen page's message, and big enough for a banner. */
function formSchema(creating: boolean) {
  return z
    .object({
      page: pageIdField,
      image: imageFileField(MIN),
    })
    .superRefine(
      (v, ctx) => {
        // With a page error `v.page` may not be a page id; the message then falls back to the generic one.
        const page = typeof v.page === 'number' ? v.page : undefined;
        if (creating && !v.image) ctx.addIssue({ code: 'custom', path: ['image'], message: pageImageRequiredMessage(page) });
      },
      // zod 4 skips an object refinement once any field failed; run it unless the image itself
      // failed, so 'image is required' shows together with the page message.
      { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'image') },
    );
}

/** The form's values: the page choice holds a string until the schema parses it. */
type PageImageForm = Omit<PageImageFormValues, 'page'> & { page: number | string };

/** The page choice, and a warning when the chosen page already has an image. */
function PageChoice({ form, taken }: { form: UseFormReturn<PageImageForm>; taken: Map<string, string> }) {
  const types = usePageTypes();
  const { errors } = form.formState;
  const takenName = taken.get(String(useWatch({ control: form.control, name: 'page' }) ?? ''));
  return (
    <>
      <Controller
        control={form.control}
        name="page"
        render={({ field }) => (
          <TextField
            select
            label="Page"
            required
            fullWidth
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? ''}
            onChange={(e) => {
              field.onChange(e.target.value);
              // The image-required message names the page: refresh it when the page changes.
              if (errors.image) void form.trigger('image');
            }}
            onBlur={field.onBlur}
            error={!!errors.page}
            helperText={errors.page?.message}
            slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } } }}
          >
            {(types.data ?? []).map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {taken.has(String(p.id)) ? `${p.name} (has an image)` : p.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {takenName && (
        <Alert severity="warning" data-testid="page-taken">
          {takenName.toUpperCase()} already has a page image; saving adds a second one. To replace it, edit its card instead.
        </Alert>
      )}
    </>
  );
}

export interface PageImageDialogProps {
  /** The page image being edited, or null to add one. */
  pageImage: PageImage | null;
  onClose: () => void;
}

/** 'Manage page Images': a page choice and an image cropped to 16:9 in the browser before upload. */
export function PageImageDialog({ pageImage, onClose }: PageImageDialogProps) {
  const editing = !!pageImage;
  const save = useSavePageImage();
  const list = usePageImages();
  const schema = useMemo(() => formSchema(!editing), [editing]);
  // Pages that already have an image (other than the one being edited), shown in the page choice.
  const taken = useMemo(
    () => new Map((list.data ?? []).filter((p) => p.id !== pageImage?.id).map((p) => [String(p.page), p.page_name])),
    [list.data, pageImage?.id],
  );
  return (
    <ImageEntityDialog<PageImageForm>
      title={PAGE_IMAGE_MESSAGES.dialogTitle}
      // The spec: 'Update' if page images already exist, otherwise 'Submit'.
      submitLabel={editing || (list.data?.length ?? 0) > 0 ? 'Update' : 'Submit'}
      progress={false}
      schema={schema}
      defaultValues={{ page: pageImage ? String(pageImage.page) : '', image: null }}
      extra={(form) => <PageChoice form={form} taken={taken} />}
      images={[
        {
          name: 'image',
          label: 'Page image',
          aspect: PAGE_IMAGE_ASPECT,
          currentUrl: pageImage?.image ?? null,
          helperText: `Cropped to 16:9; at least ${MIN.width} × ${MIN.height} px`,
        },
      ]}
      submit={{
        editing,
        onClose,
        fields: PAGE_IMAGE_FIELD_ORDER,
        created: PAGE_IMAGE_MESSAGES.created,
        updated: PAGE_IMAGE_MESSAGES.updated,
        failureMessage: {
          fallback: editing ? PAGE_IMAGE_MESSAGES.updateFailed : PAGE_IMAGE_MESSAGES.createFailed,
          fields: PAGE_IMAGE_FIELD_ORDER,
          serverFault: 'generic',
        },
        updateClose: 'immediate',
      }}
      // The schema has parsed the page into its id.
      save={(values) => save.mutateAsync({ id: pageImage?.id ?? null, values: values as PageImageFormValues })}
    />
  );
}
