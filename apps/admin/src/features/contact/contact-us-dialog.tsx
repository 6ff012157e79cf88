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
import type { FailurePolicy } from '../../api/failure';
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
 * 'Contact information update failed.'. A failed create shows the generic failure.
 */
const UPDATE_FAILURE: FailurePolicy = { fallback: CONTACT_MESSAGES.updateFailed, fields: CONTACT_US_ERROR_FIELDS, serverFault: 'server' };
const CREATE_FAILURE: FailurePolicy = { fallback: COMMON_MESSAGES.serverError, fields: CONTACT_US_ERROR_FIELDS };

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
    failureMessage: content ? UPDATE_FAILURE : CREATE_FAILURE,
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
