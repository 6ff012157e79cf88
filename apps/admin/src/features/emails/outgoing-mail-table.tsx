import { useMemo } from 'react';
import { Chip, Tooltip } from '@mui/material';
import type { OutgoingMailRecord } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { useOutgoingMail } from './api';

const STATUS = {
  queued: { label: 'Queued', color: 'info' },
  sent: { label: 'Sent', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
} as const;

const KIND = {
  enquiry: 'Enquiry notice',
  delivery: 'Delivery link',
  'admin-email': 'Email to admin',
  'enquiry-ack': 'Enquiry acknowledgement',
  'enquiry-reply': 'Reply to enquiry',
  'studio-alert': 'Studio alert',
} as const;

/** Every message the server sends, with its state: queued (tried again after a refusal), sent or failed. */
export function OutgoingMailTable() {
  const { data, isLoading, error } = useOutgoingMail();
  const columns = useMemo<DataTableColumn<OutgoingMailRecord>[]>(
    () => [
      { field: 'subject', headerName: 'Subject', flex: 1.2, minWidth: 180, text: (r) => r.subject },
      { field: 'kind', headerName: 'Kind', minWidth: 130, text: (r) => KIND[r.kind] },
      { field: 'to', headerName: 'To', flex: 1.2, minWidth: 200, text: (r) => r.to },
      {
        field: 'status',
        headerName: 'Status',
        width: 120,
        text: (r) => STATUS[r.status].label,
        render: (r) => (
          <Tooltip title={r.error ?? ''}>
            <Chip size="small" variant="outlined" label={STATUS[r.status].label} color={STATUS[r.status].color} />
          </Tooltip>
        ),
      },
      { field: 'attempts', headerName: 'Tries', width: 80, text: (r) => String(r.attempts) },
      { field: 'time_created', headerName: 'Queued at', minWidth: 170, text: (r) => formatDateTime(r.time_created) },
      { field: 'time_sent', headerName: 'Sent at', minWidth: 170, text: (r) => (r.time_sent ? formatDateTime(r.time_sent) : '—') },
    ],
    [],
  );
  return <DataTable<OutgoingMailRecord> label="Messages" rows={data} columns={columns} loading={isLoading} error={error} />;
}
