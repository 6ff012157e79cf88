import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMMON_MESSAGES,
  CONTACT_MESSAGES,
  CONTACT_US_DIALOG_TITLE,
  CONTACT_US_ERROR_FIELDS,
  contactUsFormSchema,
  type ContactUsContent,
  type ContactUsFormValues,
} from '@darkroom/contracts';
import { ApiError, errorMessage } from '../../api/client';
import { FormDialog } from '../../components/form-dialog';
import { ImageFormField } from '../../components/image-form-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { useCreateContactUsContent, useUpdateContactUsContent, type ContactUsWrite } from './api';
import { ContactFields } from './contact-fields';

const schema = contactUsFormSchema<File>();
const FORM_FIELDS = ['email', 'phone', 'address', 'description', 'nav_image', 'name'];

/**
 * The spec's contact-us update rule: 400 shows the first message of email, name or description
 * (else the generic 400 text); 500 shows the server's message; anything else
 * 'Contact information update failed.'.
 */
function updateFailure(err: unknown): string {
  if (err instanceof ApiError && err.status === 400) return errorMessage(err, CONTACT_US_ERROR_FIELDS);
  if (err instanceof ApiError && err.status === 500) {
    const body = err.body as { detail?: unknown } | null;
    return typeof body?.detail === 'string' && body.detail ? body.detail : COMMON_MESSAGES.serverError;
  }
  return CONTACT_MESSAGES.updateFailed;
}

function createFailure(err: unknown): string {
  if (err instanceof ApiError && err.status === 400) return errorMessage(err, CONTACT_US_ERROR_FIELDS);
  return COMMON_MESSAGES.serverError;
}

/** Creates the contact-us content when there is none, otherwise updates it. */
export function ContactUsDialog({ content, onClose }: { content: ContactUsContent | null; onClose: () => void }) {
  const create = useCreateContactUsContent();
  const update = useUpdateContactUsContent();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { isDirty, errors, isSubmitting },
  } = useForm<ContactUsFormValues<File>, unknown, ContactUsWrite>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: {
      email: content?.email ?? '',
      phone: content?.phone ?? '',
      address: content?.address ?? '',
      description: content?.description ?? '',
      nav_image: null,
    },
  });

  const { run, progress } = useFormDialogSubmit({
    editing: !!content,
    onClose,
    setError,
    fields: FORM_FIELDS,
    created: CONTACT_MESSAGES.created,
    updated: CONTACT_MESSAGES.updated,
    failureMessage: (err) => (content ? updateFailure(err) : createFailure(err)),
  });
  const onSubmit = handleSubmit((values) =>
    run((onProgress) =>
      content ? update.mutateAsync({ id: content.id, values, onProgress }) : create.mutateAsync({ values, onProgress }),
    ),
  );

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={CONTACT_US_DIALOG_TITLE}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={content ? 'Update' : 'Submit'}
      progress={progress}
    >
      <ContactFields register={register} errors={errors} descriptionLabel="Description" />
      <ImageFormField
        control={control}
        name="nav_image"
        validateOnChange="never"
        label="Nav image (Optional)"
        currentUrl={content?.nav_image}
        helperText="Banner at the top of the contact page (at least 1280 × 720)"
      />
    </FormDialog>
  );
}
