import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMMON_MESSAGES,
  CONTACT_INFO_DIALOG_TITLE,
  CONTACT_INFO_ERROR_FIELDS,
  CONTACT_MESSAGES,
  contactInfoFormSchema,
  type ContactInfo,
  type ContactInfoFormValues,
} from '@darkroom/contracts';
import { FormDialog } from '../../components/form-dialog';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { useCreateContactInfo, useUpdateContactInfo, type ContactWrite } from './api';
import { ContactFields } from './contact-fields';

/** A 400 names email, name or description; anything else is the generic failure. */
const FAILURE = { fallback: COMMON_MESSAGES.serverError, fields: CONTACT_INFO_ERROR_FIELDS };

/** 'Manage Contact Informations': create a row, or update the one given. */
export function ContactInfoDialog({ item, onClose }: { item?: ContactInfo; onClose: () => void }) {
  const create = useCreateContactInfo();
  const update = useUpdateContactInfo();
  const {
    register,
    handleSubmit,
    setError,
    formState: { isDirty, errors, isSubmitting },
  } = useForm<ContactInfoFormValues, unknown, ContactWrite>({
    resolver: zodResolver(contactInfoFormSchema),
    mode: 'onBlur',
    defaultValues: {
      email: item?.email ?? '',
      phone: item?.phone ?? '',
      address: item?.address ?? '',
      description: item?.description ?? '',
    },
  });

  const { run } = useFormDialogSubmit({
    editing: !!item,
    onClose,
    setError,
    fields: CONTACT_INFO_ERROR_FIELDS,
    created: CONTACT_MESSAGES.created,
    updated: CONTACT_MESSAGES.updated,
    failureMessage: FAILURE,
  });
  const onSubmit = handleSubmit((values) => run(() => (item ? update.mutateAsync({ id: item.id, values }) : create.mutateAsync(values))));

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={CONTACT_INFO_DIALOG_TITLE}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={item ? 'Update' : 'Submit'}
    >
      <ContactFields register={register} errors={errors} />
    </FormDialog>
  );
}
