import { ABOUT_FIELDS, ABOUT_MESSAGES, aboutFieldsSchema, MIN_IMAGE_DIMENSIONS, SEO_LIMITS, type AboutContent } from '@darkroom/contracts';
import { ImageEntityDialog } from '../../components/image-entity-dialog';
import { imageFileField } from '../../components/image-file-field';
import { useSaveAbout, type AboutFormValues } from './api';

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
  const helperText = `At least ${MIN.width} × ${MIN.height} px`;
  return (
    <ImageEntityDialog<AboutFormValues>
      title={ABOUT_MESSAGES.dialogTitle}
      submitLabel={editing ? 'Update' : 'Submit'}
      maxWidth="md"
      progress={false}
      schema={formSchema(!editing)}
      defaultValues={{
        header_text: about?.header_text ?? '',
        info_text1: about?.info_text1 ?? '',
        info_text2: about?.info_text2 ?? '',
        seo_title: about?.seo_title ?? '',
        seo_description: about?.seo_description ?? '',
        info_image: null,
        page_image: null,
      }}
      fields={[
        { name: 'header_text', label: 'About header text', required: true, autoFocus: true },
        { name: 'info_text1', label: 'About info text', required: true, multiline: true, minRows: 4 },
        { name: 'info_text2', label: 'About info text 2 (Optional)', multiline: true, minRows: 3 },
        {
          name: 'seo_title',
          label: 'SEO title (Optional)',
          helperText: `Search results and link previews; empty: "About us". Up to ${SEO_LIMITS.title} characters.`,
        },
        {
          name: 'seo_description',
          label: 'SEO description (Optional)',
          multiline: true,
          minRows: 2,
          helperText: `Empty: the info text. Up to ${SEO_LIMITS.description} characters.`,
        },
      ]}
      images={[
        { name: 'info_image', label: 'Info image', currentUrl: about?.info_image ?? null, helperText },
        { name: 'page_image', label: 'Page image (Optional)', currentUrl: about?.page_image ?? null, helperText },
      ]}
      submit={{
        editing,
        onClose,
        fields: ABOUT_FIELDS,
        created: ABOUT_MESSAGES.created,
        updated: ABOUT_MESSAGES.updated,
        failureMessage: { fallback: ABOUT_MESSAGES.saveFailed, fields: ABOUT_FIELDS, serverFault: 'generic' },
        updateClose: 'immediate',
      }}
      save={(values) => save.mutateAsync({ id: about?.id ?? null, values })}
    />
  );
}
