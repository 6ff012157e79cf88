import { useMemo, useState } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  ENQUIRY_FILTER_MESSAGES,
  ENQUIRY_MESSAGES,
  ENQUIRY_PAGE_SIZE,
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type Enquiry,
  type EnquiryStatus,
} from '@darkroom/contracts';
import { DataTable, TWO_ICON_ACTIONS, type DataTableColumn } from '../../components/data-table';
import { emailColumn } from '../../components/email-column';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { RowAction } from '../../components/row-action';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useDeleteEnquiry, useEnquiries } from './api';
import { EnquiryViewDialog } from './enquiry-view-dialog';
import { formatEventDate, StatusChip } from './enquiry-status';

type DateField = 'event' | 'received';

/** A date input's value the server takes: a whole YYYY-MM-DD (a date still being typed is no filter yet). */
const day = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** An enquiry with the time it was shown (null stays null). */
const stamped = (enquiry: Enquiry | null) => enquiry && { enquiry, at: Date.now() };

/** /User-enquiries: the studio's pipeline of what visitors sent through the contact form, newest first. */
export default function EnquiriesPage() {
  const remove = useDeleteEnquiry();
  // The enquiry open in the dialog, and when: a change made there may take it off the filtered page.
  const [viewed, setViewed] = useState<{ enquiry: Enquiry; at: number } | null>(null);
  const view = (enquiry: Enquiry | null) => setViewed(stamped(enquiry));
  const [status, setStatus] = useState<EnquiryStatus | 'all'>('all');
  const [dateField, setDateField] = useState<DateField>('event');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [paging, setPaging] = useState({ page: 0, pageSize: ENQUIRY_PAGE_SIZE });
  // The server filters and pages; a range whose end is before its start is not asked for.
  const reversed = !!day(from) && !!day(to) && day(from)! > day(to)!;
  const { data, isLoading, isFetching, error, dataUpdatedAt } = useEnquiries({
    status: status === 'all' ? undefined : status,
    date: dateField,
    from: day(from),
    to: reversed ? undefined : day(to),
    page: paging.page + 1,
    page_size: paging.pageSize,
  });
  const rows = data?.items;
  // The dialog shows the newer of the list's copy and the one its last change answered.
  const listed = viewed && rows?.find((e) => e.id === viewed.enquiry.id);
  const viewing = listed && dataUpdatedAt > viewed.at ? listed : (viewed?.enquiry ?? null);
  // A filter changed: back to the first page.
  const filter =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPaging((p) => ({ ...p, page: 0 }));
    };
  // Closed even after a failure: the list refreshes, and it may already be gone (deleted elsewhere).
  const deletion = useDeleteConfirm<Enquiry>({
    remove: (enquiry) => remove.mutateAsync(enquiry.id),
    deleted: ENQUIRY_MESSAGES.deleted,
    failed: ENQUIRY_MESSAGES.deleteFailed,
    detail: (enquiry) => `The enquiry from ${enquiry.full_name} (${enquiry.email}) will be removed.`,
  });

  const columns = useMemo<DataTableColumn<Enquiry>[]>(
    () => [
      { field: 'full_name', headerName: 'Full name', flex: 1, minWidth: 100 },
      emailColumn('Email', { flex: 1.2, minWidth: 110 }),
      {
        field: 'status',
        headerName: 'Status',
        keepWhole: true,
        text: (r) => ENQUIRY_STATUS_LABELS[r.status],
        render: (r) => <StatusChip status={r.status} />,
      },
      {
        field: 'event_date',
        headerName: 'Event date',
        keepWhole: true,
        text: (r) => r.event_date ?? '',
        render: (r) => (r.event_date ? <time dateTime={r.event_date}>{formatEventDate(r.event_date)}</time> : ''),
      },
      { field: 'service_name', headerName: 'Service', flex: 0.8, minWidth: 80, text: (r) => r.service_name },
      {
        field: 'message',
        headerName: 'Message',
        flex: 2,
        minWidth: 100,
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
        keepWhole: true,
        text: (r) => formatDateTime(r.time_created),
        render: (r) => <time dateTime={r.time_created}>{formatDateTime(r.time_created)}</time>,
      },
    ],
    [],
  );

  return (
    <>
      <PageHeader title="User enquiries" subtitle="Messages visitors sent through the website's contact form, and where each stands." />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1.5 }}
        role="group"
        aria-label="Filter enquiries"
      >
        <TextField
          select
          size="small"
          label="Status"
          value={status}
          onChange={(e) => filter(setStatus)(e.target.value as EnquiryStatus | 'all')}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="all">All</MenuItem>
          {ENQUIRY_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {ENQUIRY_STATUS_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Date"
          value={dateField}
          onChange={(e) => filter(setDateField)(e.target.value as DateField)}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="event">Event date</MenuItem>
          <MenuItem value="received">Date received</MenuItem>
        </TextField>
        <TextField
          size="small"
          type="date"
          label="From"
          value={from}
          onChange={(e) => filter(setFrom)(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label="To"
          value={to}
          onChange={(e) => filter(setTo)(e.target.value)}
          error={reversed}
          helperText={reversed ? ENQUIRY_FILTER_MESSAGES.toBeforeFrom : undefined}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <DataTable<Enquiry>
        label="User enquiries"
        rows={rows}
        columns={columns}
        loading={isLoading || isFetching}
        error={error}
        serverPages={{ ...paging, rowCount: data?.total ?? 0, onChange: (page, pageSize) => setPaging({ page, pageSize }) }}
        onOpen={view}
        actionsWidth={TWO_ICON_ACTIONS}
        actions={(row) => (
          <>
            <RowAction kind="view" label={`View enquiry from ${row.full_name}`} onClick={() => view(row)} />
            <RowAction kind="delete" label={`Delete enquiry from ${row.full_name}`} onClick={() => deletion.ask(row)} />
          </>
        )}
      />
      <EnquiryViewDialog enquiry={viewing} onClose={() => view(null)} onChanged={view} />
      <DeleteConfirmDialog {...deletion.dialogProps} />
    </>
  );
}
