import { useMemo, useState } from 'react';
import { Button, Chip, Tooltip } from '@mui/material';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { accountStatusLabel, PEOPLE_MESSAGES, type PersonAccount, type PersonCreated } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { emailColumn } from '../../components/email-column';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { formatDate, formatDateTime, personName } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { RowAction } from '../../components/row-action';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useEditorState } from '../../components/use-editor-state';
import { useSession } from '../../app/use-session';
import { failureMessage, KIND_TEXT, useDeletePerson, usePeople, type PersonKind } from './api';
import { PersonDialog } from './person-dialog';
import { TemporaryPasswordDialog } from './temporary-password-dialog';

/** The users list and the admins list: the same table and dialogs, two endpoints. */
export function PeoplePage({ kind }: { kind: PersonKind }) {
  const text = KIND_TEXT[kind];
  const session = useSession();
  const selfId = kind === 'admin' ? session?.userDetail.id : undefined;
  const { data, isLoading, error } = usePeople(kind);
  const remove = useDeletePerson(kind);
  const editor = useEditorState<PersonAccount>();
  const [created, setCreated] = useState<PersonCreated | null>(null);
  const deletion = useDeleteConfirm<PersonAccount>({
    remove: (person) => remove.mutateAsync(person.id),
    deleted: text.deleted,
    failed: (err) => failureMessage(err, text.deleteFailed),
    detail: (person) => `${personName(person)} (${person.username}) will be removed.`,
    keepOpenOnFailure: true,
  });

  const columns = useMemo<DataTableColumn<PersonAccount>[]>(
    () => [
      { field: 'first_name', headerName: 'First name', minWidth: 90 },
      { field: 'last_name', headerName: 'Last name', minWidth: 90 },
      emailColumn('Email Address', { flex: 1.6, minWidth: 150 }),
      { field: 'username', headerName: 'Username', minWidth: 100 },
      { field: 'phone', headerName: 'Phone', minWidth: 100 },
      {
        field: 'date_joined',
        headerName: 'Date Created',
        minWidth: 105,
        text: (r) => formatDate(r.date_joined),
        render: (r) => <span title={formatDateTime(r.date_joined)}>{formatDate(r.date_joined)}</span>,
      },
      {
        field: 'is_active',
        headerName: 'Status',
        width: 90,
        text: (r) => accountStatusLabel(r.is_active),
        render: (r) => (
          <Chip size="small" label={accountStatusLabel(r.is_active)} color={r.is_active ? 'success' : 'default'} variant="outlined" />
        ),
      },
      { field: 'last_login', headerName: 'Last Login', minWidth: 140, text: (r) => formatDateTime(r.last_login) },
    ],
    [],
  );

  const actions = (row: PersonAccount) => {
    const self = row.id === selfId;
    return (
      <>
        <RowAction kind="view" label={`View ${personName(row)}`} onClick={() => editor.edit(row)} />
        <RowAction
          kind="delete"
          label={`Delete ${personName(row)}`}
          disabled={self}
          tooltip={self ? PEOPLE_MESSAGES.cannotDeleteSelf : undefined}
          onClick={() => deletion.ask(row)}
        />
      </>
    );
  };

  return (
    <>
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          <Tooltip title={text.createTooltip} describeChild>
            <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={editor.create}>
              {text.createButton}
            </Button>
          </Tooltip>
        }
      />
      <DataTable<PersonAccount> label={text.label} rows={data} columns={columns} loading={isLoading} error={error} actions={actions} />
      {editor.open && (
        <PersonDialog
          key={editor.key}
          kind={kind}
          person={editor.item ?? undefined}
          isSelf={!!editor.item && editor.item.id === selfId}
          onClose={editor.close}
          onCreated={setCreated}
        />
      )}
      {created && <TemporaryPasswordDialog created={created} onClose={() => setCreated(null)} />}
      <DeleteConfirmDialog {...deletion.dialogProps} />
    </>
  );
}
