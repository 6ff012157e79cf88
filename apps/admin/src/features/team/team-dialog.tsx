import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import { TEAM_MESSAGES, teamFormSchema, type TeamMember } from '@darkroom/contracts';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { ImageFormField } from '../../components/image-form-field';
import { useFormDialogSubmit } from '../../components/use-form-dialog-submit';
import { TEAM_FIELDS, useCreateTeamMember, useUpdateTeamMember, type TeamWrite } from './api';

export interface TeamDialogProps {
  /** The member being edited; absent when creating. */
  member?: TeamMember;
  onClose: () => void;
}

/** Create/edit a team member: name, email, phone, title and the profile image (required on create). */
export function TeamDialog({ member, onClose }: TeamDialogProps) {
  const create = useCreateTeamMember();
  const update = useUpdateTeamMember();
  // The notification is always the area's text; a 400's messages go under the fields.
  const failed = member ? TEAM_MESSAGES.updateFailed : TEAM_MESSAGES.createFailed;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { isDirty, errors, isSubmitting },
  } = useForm<TeamWrite>({
    resolver: zodResolver(teamFormSchema(member ? 'edit' : 'create')) as unknown as Resolver<TeamWrite>,
    mode: 'onBlur',
    defaultValues: {
      name: member?.name ?? '',
      email: member?.email ?? '',
      phone: member?.phone ?? '',
      title: member?.title ?? '',
      cover_image: null,
    },
  });

  const { run, progress } = useFormDialogSubmit({
    editing: !!member,
    onClose,
    setError,
    fields: TEAM_FIELDS,
    created: TEAM_MESSAGES.created,
    updated: TEAM_MESSAGES.updated,
    failureMessage: { fallback: failed, badRequest: failed },
  });
  const onSubmit = handleSubmit((values) =>
    run((onProgress) => (member ? update.mutateAsync({ id: member.id, values, onProgress }) : create.mutateAsync({ values, onProgress }))),
  );

  const text = (name: 'name' | 'email' | 'phone' | 'title', label: string, type?: string) => (
    <FormTextField registration={register(name)} label={label} type={type} required fullWidth autoComplete="off" error={errors[name]} />
  );

  return (
    <FormDialog
      dirty={isDirty}
      open
      title={member ? 'Edit team member' : 'Add team member'}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={member ? 'Update' : 'Submit'}
      progress={progress}
    >
      {text('name', 'Full name')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('email', 'Email', 'email')}
        {text('phone', 'Phone', 'tel')}
      </Stack>
      {text('title', 'Title')}
      <ImageFormField
        control={control}
        name="cover_image"
        validateOnChange="if-invalid"
        label="Profile image"
        currentUrl={member?.cover_image_view.square ?? member?.cover_image}
        helperText={member ? 'Choose a new image only to replace the current one' : 'A portrait, at least 200 × 200'}
      />
    </FormDialog>
  );
}
