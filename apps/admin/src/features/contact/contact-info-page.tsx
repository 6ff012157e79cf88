import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, IconButton, Tooltip } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ContactPageOutlinedIcon from '@mui/icons-material/ContactPageOutlined';
import { CONTACT_MESSAGES, type ContactInfo } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { useContactInfoList, useDeleteContactInfo } from './api';
import { ContactInfoDialog } from './contact-info-dialog';

type DialogState = { mode: 'create' } | { mode: 'edit'; item: ContactInfo } | null;

const dateCreated = (row: ContactInfo) => new Date(row.time_created).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const COLUMNS: DataTableColumn<ContactInfo>[] = [
  { field: 'email', headerName: 'Email', flex: 1.2, text: (r) => r.email },
  { field: 'phone', headerName: 'Phone', flex: 0.8, text: (r) => r.phone },
  { field: 'address', headerName: 'Address', flex: 1.2, text: (r) => r.address },
  { field: 'description', headerName: 'Other information', flex: 1.5, text: (r) => r.description },
  { field: 'time_created', headerName: 'Date Created', width: 190, text: dateCreated },
];

/** /Contact-us-info: the studio's contact information rows. */
export default function ContactInfoPage() {
  const notify = useNotify();
  const navigate = useNavigate();
  const list = useContactInfoList();
  const remove = useDeleteContactInfo();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [deleting, setDeleting] = useState<ContactInfo | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(CONTACT_MESSAGES.deleted, 'success');
    } catch {
      notify(CONTACT_MESSAGES.deleteFailed, 'error');
    } finally {
      setDeleting(null);
    }
  };

  const actions = useCallback(
    (row: ContactInfo) => (
      <>
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${row.email}`} onClick={() => setDialog({ mode: 'edit', item: row })}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" color="error" aria-label={`Delete ${row.email}`} onClick={() => setDeleting(row)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </>
    ),
    [],
  );
  const columns = useMemo(() => COLUMNS, []);

  return (
    <>
      <PageHeader
        title="Contact-us Info"
        subtitle="Email, phone and address shown to visitors"
        actions={
          <>
            <Button variant="outlined" startIcon={<ContactPageOutlinedIcon />} onClick={() => navigate('/Contact-us')}>
              Contact-us page
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
              Add contact information
            </Button>
          </>
        }
      />
      <DataTable
        rows={list.data}
        columns={columns}
        loading={list.isPending}
        error={list.error}
        actions={actions}
        label="Contact information"
      />
      {dialog && (
        <ContactInfoDialog
          key={dialog.mode === 'edit' ? dialog.item.id : 'new'}
          item={dialog.mode === 'edit' ? dialog.item : undefined}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteConfirmDialog
        open={!!deleting}
        busy={remove.isPending}
        detail={deleting ? `Contact information for ${deleting.email} will be removed.` : undefined}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
