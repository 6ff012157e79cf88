import { useMemo, useState } from 'react';
import { Avatar, Box, Button, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { TEAM_MESSAGES, type TeamMember } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { emailColumn } from '../../components/email-column';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { formatDateTime } from '../../components/format';
import { ImagePreviewDialog } from '../../components/image-preview-dialog';
import { PageHeader } from '../../components/page-header';
import { RowAction } from '../../components/row-action';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useEditorState } from '../../components/use-editor-state';
import { ReorderButton } from '../../components/reorder/reorder-button';
import { useDeleteTeamMember, useOrderTeam, useTeam } from './api';
import { TeamDialog } from './team-dialog';

const toReorderItem = (m: TeamMember) => ({ id: m.id, label: `${m.name}, ${m.title}`, image: m.cover_image_view.square ?? m.cover_image });

/** /the-team: the people shown on the studio's site, with their profile images. */
export default function TeamPage() {
  const { data, isLoading, error, refetch } = useTeam();
  const remove = useDeleteTeamMember();
  const order = useOrderTeam();
  const editor = useEditorState<TeamMember>();
  const [viewing, setViewing] = useState<TeamMember | null>(null);
  const deletion = useDeleteConfirm<TeamMember>({
    remove: (member) => remove.mutateAsync(member.id),
    deleted: TEAM_MESSAGES.deleted,
    failed: TEAM_MESSAGES.deleteFailed,
    detail: (member) => `${member.name} will be removed from the team, with their profile image.`,
    keepOpenOnFailure: true,
  });

  const columns = useMemo<DataTableColumn<TeamMember>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Full name',
        flex: 1.3,
        minWidth: 200,
        text: (r) => r.name,
        render: (r) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
            <Avatar src={r.cover_image_view.square ?? r.cover_image} alt="" sx={{ width: 32, height: 32 }} />
            <Typography variant="body2" noWrap>
              {r.name}
            </Typography>
          </Box>
        ),
      },
      emailColumn('Email', { flex: 1.3, minWidth: 200 }),
      { field: 'phone', headerName: 'Phone', minWidth: 130 },
      { field: 'title', headerName: 'Title', minWidth: 150 },
      { field: 'time_created', headerName: 'Date Created', minWidth: 170, text: (r) => formatDateTime(r.time_created) },
    ],
    [],
  );

  const actions = (row: TeamMember) => (
    <>
      <RowAction kind="view" label={`View ${row.name}`} onClick={() => setViewing(row)} />
      <RowAction kind="edit" label={`Edit ${row.name}`} onClick={() => editor.edit(row)} />
      <RowAction kind="delete" label={`Delete ${row.name}`} onClick={() => deletion.ask(row)} />
    </>
  );

  return (
    <>
      <PageHeader
        title="The team"
        subtitle="The people shown on the studio's website."
        actions={
          <>
            <ReorderButton
              what="team members"
              items={data?.map(toReorderItem)}
              reload={async () => (await refetch()).data?.map(toReorderItem)}
              save={order.mutateAsync}
            />
            <Button variant="contained" startIcon={<AddIcon />} onClick={editor.create}>
              Add team member
            </Button>
          </>
        }
      />
      <DataTable<TeamMember> label="Team members" rows={data} columns={columns} loading={isLoading} error={error} actions={actions} />
      {editor.open && <TeamDialog key={editor.key} member={editor.item ?? undefined} onClose={editor.close} />}
      <ImagePreviewDialog open={!!viewing} src={viewing?.cover_image} title={viewing?.name} onClose={() => setViewing(null)} />
      <DeleteConfirmDialog {...deletion.dialogProps} />
    </>
  );
}
