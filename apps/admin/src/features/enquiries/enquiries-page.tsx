import { useMemo, useState } from 'react';
import { Typography } from '@mui/material';
import { ENQUIRY_MESSAGES, type Enquiry } from '@darkroom/contracts';
import { DataTable, TWO_ICON_ACTIONS, type DataTableColumn } from '../../components/data-table';
import { emailColumn } from '../../components/email-column';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { RowAction } from '../../components/row-action';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useDeleteEnquiry, useEnquiries } from './api';
import { EnquiryViewDialog } from './enquiry-view-dialog';

/** /User-enquiries: what visitors sent through the site's contact form, newest first. */
export default function EnquiriesPage() {
  const { data, isLoading, error } = useEnquiries();
  const remove = useDeleteEnquiry();
  const [viewing, setViewing] = useState<Enquiry | null>(null);
  // Closed even after a failure: the list refreshes, and it may already be gone (deleted elsewhere).
  const deletion = useDeleteConfirm<Enquiry>({
    remove: (enquiry) => remove.mutateAsync(enquiry.id),
    deleted: ENQUIRY_MESSAGES.deleted,
    failed: ENQUIRY_MESSAGES.deleteFailed,
    detail: (enquiry) => `The enquiry from ${enquiry.full_name} (${enquiry.email}) will be removed.`,
  });

  const columns = useMemo<DataTableColumn<Enquiry>[]>(
    () => [
      { field: 'full_name', headerName: 'Full name', flex: 1, minWidth: 120 },
      emailColumn('Email', { flex: 1.2, minWidth: 140 }),
      {
        field: 'message',
        headerName: 'Message',
        flex: 2.5,
        minWidth: 160,
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

  return (
    <>
      <PageHeader title="User enquiries" subtitle="Messages visitors sent through the website's contact form." />
      <DataTable<Enquiry>
        label="User enquiries"
        rows={data}
        columns={columns}
        loading={isLoading}
        error={error}
        onOpen={setViewing}
        actionsWidth={TWO_ICON_ACTIONS}
        actions={(row) => (
          <>
            <RowAction kind="view" label={`View enquiry from ${row.full_name}`} onClick={() => setViewing(row)} />
            <RowAction kind="delete" label={`Delete enquiry from ${row.full_name}`} onClick={() => deletion.ask(row)} />
          </>
        )}
      />
      <EnquiryViewDialog enquiry={viewing} onClose={() => setViewing(null)} />
      <DeleteConfirmDialog {...deletion.dialogProps} />
    </>
  );
}
