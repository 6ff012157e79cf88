import { useMemo, useState } from 'react';
import { Button, IconButton, Link, Tooltip } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { GALLERY_LINK_MESSAGES, type GalleryLink } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { useDeleteGalleryLink, useGalleryLinks } from './api';
import { GalleryLinkDialog } from './gallery-link-dialog';

const dateFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** /Gallery-links: the links assigned to customers, with the 'Assign' dialog, edit and delete. */
export default function GalleryLinksPage() {
  const notify = useNotify();
  const links = useGalleryLinks();
  const remove = useDeleteGalleryLink();
  // `editing`: undefined = closed, null = assign, a link = edit. The key remounts the form per link.
  const [editing, setEditing] = useState<GalleryLink | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<GalleryLink | null>(null);

  const columns = useMemo<DataTableColumn<GalleryLink>[]>(
    () => [
      { field: 'user_text', headerName: 'User', flex: 1, text: (r) => r.user_text },
      {
        field: 'link',
        headerName: 'Gallery Link',
        flex: 1.6,
        text: (r) => r.link,
        render: (r) => (
          <Tooltip title={r.description} describeChild>
            <Link href={r.link} target="_blank" rel="noopener noreferrer" underline="hover" sx={{ overflowWrap: 'anywhere' }}>
              {r.link}
            </Link>
          </Tooltip>
        ),
      },
      { field: 'title', headerName: 'Gallery Title', flex: 1, text: (r) => r.title },
      { field: 'time_created', headerName: 'Date Created', flex: 1, text: (r) => formatDate(r.time_created) },
    ],
    [],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(GALLERY_LINK_MESSAGES.deleted, 'success');
    } catch {
      notify(GALLERY_LINK_MESSAGES.deleteFailed, 'error');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader
        title="Gallery links"
        subtitle="Links to the photos each customer can open."
        actions={
          <Button variant="contained" startIcon={<AddLinkIcon />} onClick={() => setEditing(null)}>
            {GALLERY_LINK_MESSAGES.assign}
          </Button>
        }
      />
      <DataTable
        label="Gallery links"
        rows={links.data}
        loading={links.isLoading}
        error={links.error}
        columns={columns}
        getRowId={(r) => r.id}
        actions={(r) => (
          <>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit ${r.link}`} onClick={() => setEditing(r)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" color="error" aria-label={`Delete ${r.link}`} onClick={() => setDeleting(r)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      {editing !== undefined && <GalleryLinkDialog key={editing?.id ?? 'new'} open link={editing} onClose={() => setEditing(undefined)} />}
      <DeleteConfirmDialog
        open={!!deleting}
        busy={remove.isPending}
        detail={deleting ? deleting.link : undefined}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
