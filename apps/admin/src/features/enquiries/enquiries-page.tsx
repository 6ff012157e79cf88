import { useMemo, useState } from 'react';
import { IconButton, Link, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { ENQUIRY_MESSAGES, type Enquiry } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { formatDateTime, useDeleteEnquiry, useEnquiries } from './api';
import { EnquiryViewDialog } from './enquiry-view-dialog';

/** /User-enquiries: what visitors sent through the site's contact form, newest first. */
export default function EnquiriesPage() {
  const notify = useNotify();
  const { data, isLoading, error } = useEnquiries();
  const remove = useDeleteEnquiry();
  const [viewing, setViewing] = useState<Enquiry | null>(null);
  const [deleting, setDeleting] = useState<Enquiry | null>(null);

  const columns = useMemo<DataTableColumn<Enquiry>[]>(
    () => [
      { field: 'full_name', headerName: 'Full name', flex: 1, minWidth: 160 },
      {
        field: 'email',
        headerName: 'Email',
        flex: 1.2,
        minWidth: 200,
        text: (r) => r.email,
        render: (r) => (
          <Link href={`mailto:${r.email}`} underline="hover" noWrap>
            {r.email}
          </Link>
        ),
      },
      {
        field: 'message',
        headerName: 'Message',
        flex: 2.5,
        minWidth: 240,
        text: (r) => r.message,
        render: (r) => (
          <Typography variant="body2" noWrap title={r.message}>
            {r.message}
          </Typography>
        ),
      },
      {
        field: 'time_created',
        headerName: 'Date Created',
        width: 190,
        text: (r) => formatDateTime(r.time_created),
        render: (r) => <time dateTime={r.time_created}>{formatDateTime(r.time_created)}</time>,
      },
    ],
    [],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify(ENQUIRY_MESSAGES.deleted, 'success');
    } catch {
      notify(ENQUIRY_MESSAGES.deleteFailed, 'error');
    } finally {
      // Closed either way: the list refreshes, and it may already be gone (deleted elsewhere).
      setDeleting(null);
    }
  };

  return (
    <>
      <PageHeader title="User enquiries" subtitle="Messages visitors sent through the website's contact form." />
      <DataTable<Enquiry>
        label="User enquiries"
        rows={data}
        columns={columns}
        loading={isLoading}
        error={error}
        actions={(row) => (
          <>
            <Tooltip title="View">
              <IconButton size="small" aria-label={`View enquiry from ${row.full_name}`} onClick={() => setViewing(row)}>
                <VisibilityOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" color="error" aria-label={`Delete enquiry from ${row.full_name}`} onClick={() => setDeleting(row)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      <EnquiryViewDialog enquiry={viewing} onClose={() => setViewing(null)} />
      <DeleteConfirmDialog
        open={!!deleting}
        busy={remove.isPending}
        detail={deleting ? `The enquiry from ${deleting.full_name} (${deleting.email}) will be removed.` : undefined}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
