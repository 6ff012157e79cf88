import { useMemo } from 'react';
import { Button, Link, Tooltip } from '@mui/material';
import AddLinkIcon from '@mui/icons-material/AddLink';
import { GALLERY_LINK_MESSAGES, type GalleryLink } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { RowAction } from '../../components/row-action';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useEditorState } from '../../components/use-editor-state';
import { useDeleteGalleryLink, useGalleryLinks } from './api';
import { GalleryLinkDialog } from './gallery-link-dialog';

/** /Gallery-links: the links assigned to customers, with the 'Assign' dialog, edit and delete. */
export default function GalleryLinksPage() {
  const links = useGalleryLinks();
  const remove = useDeleteGalleryLink();
  const editor = useEditorState<GalleryLink>();
  const deletion = useDeleteConfirm<GalleryLink>({
    remove: (r) => remove.mutateAsync(r.id),
    deleted: GALLERY_LINK_MESSAGES.deleted,
    failed: GALLERY_LINK_MESSAGES.deleteFailed,
    detail: (r) => r.link,
  });

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
      { field: 'time_created', headerName: 'Date Created', flex: 1, text: (r) => formatDateTime(r.time_created) },
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Gallery links"
        subtitle="Links to the photos each customer can open."
        actions={
          <Button variant="contained" startIcon={<AddLinkIcon />} onClick={editor.create}>
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
            <RowAction kind="edit" label={`Edit ${r.link}`} onClick={() => editor.edit(r)} />
            <RowAction kind="delete" label={`Delete ${r.link}`} onClick={() => deletion.ask(r)} />
          </>
        )}
      />
      {editor.open && <GalleryLinkDialog key={editor.key} link={editor.item} onClose={editor.close} />}
      <DeleteConfirmDialog {...deletion.dialogProps} />
    </>
  );
}
