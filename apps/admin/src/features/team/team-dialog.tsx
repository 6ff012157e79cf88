import { TEAM_MESSAGES, teamFormSchema, type TeamMember } from '@darkroom/contracts';
import { ImageEntityDialog, type EntityTextField } from '../../components/image-entity-dialog';
import { TEAM_FIELDS, useSaveTeamMember, type TeamWrite } from './api';

export interface TeamDialogProps {
  /** The member being edited; absent when creating. */
  member?: TeamMember;
  onClose: () => void;
}

const text = (name: 'name' | 'email' | 'phone' | 'title', label: string, type?: string): EntityTextField<TeamWrite> => ({
  name,
  label,
  type,
  required: true,
  autoComplete: 'off',
});

/** Create/edit a team member: name, email, phone, title and the profile image (required on create). */
export function TeamDialog({ member, onClose }: TeamDialogProps) {
  const save = useSaveTeamMember();
  // The notification is always the area's text; a 400's messages go under the fields.
  const failed = member ? TEAM_MESSAGES.updateFailed : TEAM_MESSAGES.createFailed;
  return (
    <ImageEntityDialog<TeamWrite>
      title={member ? 'Edit team member' : 'Add team member'}
      submitLabel={member ? 'Update' : 'Submit'}
      schema={teamFormSchema(member ? 'edit' : 'create')}
      defaultValues={{
        name: member?.name ?? '',
        email: member?.email ?? '',
        phone: member?.phone ?? '',
        title: member?.title ?? '',
        cover_image: null,
      }}
      fields={[text('name', 'Full name'), [text('email', 'Email', 'email'), text('phone', 'Phone', 'tel')], text('title', 'Title')]}
      images={[
        {
          name: 'cover_image',
          validateOnChange: 'if-invalid',
          label: 'Profile image',
          currentUrl: member?.cover_image_view.square ?? member?.cover_image,
          helperText: member ? 'Choose a new image only to replace the current one' : 'A portrait, at least 200 × 200',
        },
      ]}
      submit={{
        editing: !!member,
        onClose,
        fields: TEAM_FIELDS,
        created: TEAM_MESSAGES.created,
        updated: TEAM_MESSAGES.updated,
        failureMessage: { fallback: failed, badRequest: failed },
      }}
      save={(values, onProgress) => save.mutateAsync({ id: member?.id, values, onProgress })}
    />
  );
}
