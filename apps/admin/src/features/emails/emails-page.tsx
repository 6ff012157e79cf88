import { useMemo, useState } from 'react';
import { Box, Button, Chip, Typography } from '@mui/material';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { accountStatusLabel, EMAIL_MESSAGES, type PersonAccount, type SendEmailResult } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { emailColumn } from '../../components/email-column';
import { useNotify } from '../../components/notify';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../components/format';
import { useAdminRecipients } from './api';
import { SendEmailDialog } from './send-email-dialog';
import { SendOutcomeDialog } from './send-outcome-dialog';
import { OutgoingMailTable } from './outgoing-mail-table';
import { SentEmailsTable } from './sent-emails-table';

const NOTIFY_TYPE = { queued: 'info', sent: 'success', partial: 'warning', failed: 'error' } as const;

/** /Manage-emails: the admins, and 'Send Email' to any of them (rows ticked here are pre-chosen). */
export default function EmailsPage() {
  const notify = useNotify();
  const { data, isLoading, error } = useAdminRecipients();
  const [selected, setSelected] = useState<number[]>([]);
  const [composing, setComposing] = useState(false);
  const [outcome, setOutcome] = useState<SendEmailResult | null>(null);

  const columns = useMemo<DataTableColumn<PersonAccount>[]>(
    () => [
      { field: 'first_name', headerName: 'First name', minWidth: 120 },
      { field: 'last_name', headerName: 'Last name', minWidth: 120 },
      emailColumn('Email Address', { flex: 1.4, minWidth: 200 }),
      { field: 'username', headerName: 'Username', minWidth: 120 },
      { field: 'phone', headerName: 'Phone', minWidth: 130 },
      { field: 'date_joined', headerName: 'Date Created', minWidth: 170, text: (r) => formatDateTime(r.date_joined) },
      {
        field: 'is_active',
        headerName: 'Status',
        width: 110,
        text: (r) => accountStatusLabel(r.is_active),
        render: (r) => (
          <Chip size="small" label={accountStatusLabel(r.is_active)} color={r.is_active ? 'success' : 'default'} variant="outlined" />
        ),
      },
      { field: 'last_login', headerName: 'Last Login', minWidth: 170, text: (r) => formatDateTime(r.last_login) },
    ],
    [],
  );

  return (
    <>
      <PageHeader
        title="Emails"
        subtitle="Send an email to one or more admins. Tick rows to choose them in advance."
        actions={
          <Button variant="contained" startIcon={<SendOutlinedIcon />} onClick={() => setComposing(true)} disabled={!data?.length}>
            {EMAIL_MESSAGES.sendEmail}
          </Button>
        }
      />
      <Box component="section" aria-label="Admins">
        <DataTable<PersonAccount>
          label="Admins"
          rows={data}
          columns={columns}
          loading={isLoading}
          error={error}
          checkboxSelection
          onSelectionChange={(ids) => setSelected(ids.map(Number))}
        />
      </Box>
      <Box component="section" aria-labelledby="sent-emails-heading" sx={{ mt: 4 }}>
        <Typography id="sent-emails-heading" variant="h6" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
          Sent emails
        </Typography>
        <SentEmailsTable />
      </Box>
      <Box component="section" aria-labelledby="messages-heading" sx={{ mt: 4 }}>
        <Typography id="messages-heading" variant="h6" component="h2" sx={{ mb: 1.5, fontWeight: 600 }}>
          Messages
        </Typography>
        <OutgoingMailTable />
      </Box>
      {composing && data && (
        <SendEmailDialog
          open
          admins={data}
          initialRecipients={selected}
          onClose={() => setComposing(false)}
          onSent={(result) => {
            notify(result.detail, NOTIFY_TYPE[result.status]);
            setComposing(false);
            setOutcome(result);
          }}
        />
      )}
      <SendOutcomeDialog result={outcome} onClose={() => setOutcome(null)} />
    </>
  );
}
