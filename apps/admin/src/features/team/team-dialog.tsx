import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LinearProgress, Stack, TextField } from '@mui/material';
import { TEAM_MESSAGES, teamFormSchema, type TeamMember } from '@darkroom/contracts';
import { FormDialog } from '../../components/form-dialog';
import { applyFieldErrors, useDelayedClose } from '../../components/form-errors';
import { ImageField } from '../../components/image-field';
import { useNotify } from '../../components/notify';
import { TEAM_FIELDS, useCreateTeamMember, useUpdateTeamMember, type TeamWrite } from './api';

export interface TeamDialogProps {
  /** The member being edited; absent when creating. */
  member?: TeamMember;
  onClose: () => void;
}

/** Create/edit a team member: name, email, phone, title and the profile image (required on create). */
export function TeamDialog({ member, onClose }: TeamDialogProps) {
  const notify = useNotify();
  const create = useCreateTeamMember();
  const update = useUpdateTeamMember();
  const closeLater = useDelayedClose(onClose);
  const [progress, setProgress] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    formState: { errors, isSubmitting },
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

  const onSubmit = handleSubmit(async (values) => {
    if (saved) return;
    setProgress(0);
    try {
      if (member) {
        await update.mutateAsync({ id: member.id, values, onProgress: setProgress });
        notify(TEAM_MESSAGES.updated, 'success');
        setSaved(true);
        closeLater();
      } else {
        await create.mutateAsync({ values, onProgress: setProgress });
        notify(TEAM_MESSAGES.created, 'success');
        onClose();
      }
    } catch (err) {
      applyFieldErrors(err, setError, TEAM_FIELDS);
      notify(member ? TEAM_MESSAGES.updateFailed : TEAM_MESSAGES.createFailed, 'error');
    } finally {
      setProgress(null);
    }
  });

  const text = (name: 'name' | 'email' | 'phone' | 'title', label: string, type?: string) => {
    const { ref, ...field } = register(name);
    return (
      <TextField
        {...field}
        inputRef={ref}
        label={label}
        type={type}
        required
        fullWidth
        autoComplete="off"
        error={!!errors[name]}
        helperText={errors[name]?.message}
      />
    );
  };

  return (
    <FormDialog
      open
      title={member ? 'Edit team member' : 'Add team member'}
      onClose={onClose}
      onSubmit={onSubmit}
      busy={isSubmitting}
      submitLabel={member ? 'Update' : 'Submit'}
    >
      {text('name', 'Full name')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {text('email', 'Email', 'email')}
        {text('phone', 'Phone', 'tel')}
      </Stack>
      {text('title', 'Title')}
      <Controller
        name="cover_image"
        control={control}
        render={({ field, fieldState }) => (
          <ImageField
            label="Profile image"
            value={field.value}
            onChange={(file) => {
              field.onChange(file);
              if (fieldState.error) void trigger('cover_image');
            }}
            onBlur={field.onBlur}
            currentUrl={member?.cover_image_view.square ?? member?.cover_image}
            error={fieldState.error?.message}
            helperText={member ? 'Choose a new image only to replace the current one' : 'A portrait, at least 200 × 200'}
          />
        )}
      />
      {progress !== null && <LinearProgress variant="determinate" value={progress} aria-label="Upload progress" />}
    </FormDialog>
  );
}
