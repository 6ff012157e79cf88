import { useMemo } from 'react';
import { Chip, Tooltip, Typography } from '@mui/material';
import type { SentEmailRecord } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { useSentEmails } from './api';

const STATUS = {
  queued: { label: 'Queued', color: 'info' },
  sent: { label: 'Sent', color: 'success' },
  partial: { label: 'Partly sent', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
  sending: { label: 'Sending', color: 'default' },
} as const;

/** The latest e-mails sent from this screen, so an admin can see what went out and to whom. */
export function SentEmailsTable() {
  const { data, isLoading, error } = useSentEmails();
  const columns = useMemo<DataTableColumn<SentEmailRecord>[]>(
    () => [
      {
        field: 'subject',
        headerName: 'Subject',
        flex: 1.2,
        minWidth: 180,
        text: (r) => r.subject,
        render: (r) => (
          <Typography variant="body2" noWrap title={r.message}>
            {r.subject}
          </Typography>
        ),
      },
      {
        field: 'recipients',
        headerName: 'Recipients',
        flex: 1.6,
        minWidth: 220,
        text: (r) => r.recipients.map((x) => x.email).join(', '),
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 130,
        text: (r) => STATUS[r.status].label,
        render: (r) => (
          <Tooltip title={r.error ?? ''}>
            <Chip size="small" variant="outlined" label={STATUS[r.status].label} color={STATUS[r.status].color} />
          </Tooltip>
        ),
      },
      { field: 'sent_by', headerName: 'Sent by', minWidth: 140, text: (r) => r.sent_by?.name ?? '—' },
      { field: 'time_created', headerName: 'Date Sent', minWidth: 170, text: (r) => formatDateTime(r.time_created) },
    ],
    [],
  );
  return <DataTable<SentEmailRecord> label="Sent emails" rows={data} columns={columns} loading={isLoading} error={error} />;
}
