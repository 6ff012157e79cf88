import { useCallback, useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Alert, Button, Link } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContactPageOutlinedIcon from '@mui/icons-material/ContactPageOutlined';
import { CONTACT_MESSAGES, type ContactInfo } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { RowAction } from '../../components/row-action';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useEditorState } from '../../components/use-editor-state';
import { useContactInfoList, useDeleteContactInfo } from './api';
import { ContactInfoDialog } from './contact-info-dialog';

const dateCreated = (row: ContactInfo) => formatDateTime(row.time_created);

const COLUMNS: DataTableColumn<ContactInfo>[] = [
  { field: 'email', headerName: 'Email', flex: 1.2, text: (r) => r.email },
  { field: 'phone', headerName: 'Phone', flex: 0.8, text: (r) => r.phone },
  { field: 'address', headerName: 'Address', flex: 1.2, text: (r) => r.address },
  { field: 'description', headerName: 'Other information', flex: 1.5, text: (r) => r.description },
  { field: 'time_created', headerName: 'Date Created', width: 190, text: dateCreated },
];

/** /Contact-us-info: the studio's contact information rows. */
export default function ContactInfoPage() {
  const navigate = useNavigate();
  const list = useContactInfoList();
  const remove = useDeleteContactInfo();
  const editor = useEditorState<ContactInfo>();
  const deletion = useDeleteConfirm<ContactInfo>({
    remove: (item) => remove.mutateAsync(item.id),
    deleted: CONTACT_MESSAGES.deleted,
    failed: CONTACT_MESSAGES.deleteFailed,
    detail: (item) => `Contact information for ${item.email} will be removed.`,
  });
  const { edit } = editor;
  const { ask } = deletion;

  const actions = useCallback(
    (row: ContactInfo) => (
      <>
        <RowAction kind="edit" label={`Edit ${row.email}`} onClick={() => edit(row)} />
        <RowAction kind="delete" label={`Delete ${row.email}`} onClick={() => ask(row)} />
      </>
    ),
    [edit, ask],
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
            <Button variant="contained" startIcon={<AddIcon />} onClick={editor.create}>
              Add contact information
            </Button>
          </>
        }
      />
      <Alert severity="info" data-testid="feeds-note" sx={{ mb: 3 }}>
        These rows feed the contact details (email, phone, address) the website lists. The Contact us page&apos;s own images, heading and
        text are a separate record, edited under{' '}
        <Link component={RouterLink} to="/Contact-us">
          Contact-us page
        </Link>
        .
      </Alert>
      <DataTable
        rows={list.data}
        columns={columns}
        loading={list.isPending}
        error={list.error}
        actions={actions}
        label="Contact information"
      />
      {editor.open && <ContactInfoDialog key={editor.key} item={editor.item ?? undefined} onClose={editor.close} />}
      <DeleteConfirmDialog {...deletion.dialogProps} />
    </>
  );
}
