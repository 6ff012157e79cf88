import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import type { ContactInfoFormValues } from '@darkroom/contracts';
import { FormTextField } from '../../components/form-text-field';

const LABELS: Record<
  keyof ContactInfoFormValues,
  { label: string; required?: boolean; type?: string; multiline?: boolean; autoComplete?: string }
> = {
  email: { label: 'Email', required: true, type: 'email', autoComplete: 'email' },
  phone: { label: 'Phone', required: true, type: 'tel', autoComplete: 'tel' },
  address: { label: 'Address', multiline: true, autoComplete: 'street-address' },
  description: { label: 'Other information', multiline: true },
};

/** The text fields both contact dialogs share; `descriptionLabel` renames the last one. */
export function ContactFields<T extends ContactInfoFormValues>({
  register,
  errors,
  descriptionLabel,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  descriptionLabel?: string;
}) {
  return (
    <>
      {(Object.keys(LABELS) as (keyof ContactInfoFormValues)[]).map((name) => {
        const spec = LABELS[name];
        const message = errors[name]?.message;
        return (
          <FormTextField
            key={name}
            registration={register(name as Path<T>)}
            label={name === 'description' && descriptionLabel ? descriptionLabel : spec.label}
            required={spec.required}
            type={spec.type}
            autoComplete={spec.autoComplete}
            multiline={spec.multiline}
            minRows={spec.multiline ? 2 : undefined}
            fullWidth
            error={typeof message === 'string' ? { message } : undefined}
          />
        );
      })}
    </>
  );
}
