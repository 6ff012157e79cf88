import { useMemo, useState } from 'react';
import { Button, Chip, Tooltip } from '@mui/material';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { accountStatusLabel, PEOPLE_MESSAGES, type PersonAccount, type PersonCreated } from '@darkroom/contracts';
import { DataTable, TWO_ICON_ACTIONS, type DataTableColumn } from '../../components/data-table';
import { emailColumn } from '../../components/email-column';
import { DeleteConfirmDialog } from '../../components/delete-confirm-dialog';
import { formatDate, formatDateTime, personName } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { RowAction } from '../../components/row-action';
import { useDeleteConfirm } from '../../components/use-delete-confirm';
import { useEditorState } from '../../components/use-editor-state';
import { useSession } from '../../app/use-session';
import { failureMessage } from '../../api/failure';
import { KIND_TEXT, useDeletePerson, usePeople, usePersonHoldings, type PersonKind } from './api';
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
    failed: (err) => failureMessage(err, { fallback: text.deleteFailed, badRequest: text.deleteFailed }),
    detail: (person) => `${personName(person)} (${person.username}) will be removed.`,
    keepOpenOnFailure: true,
  });
  // A customer's delete says what else changes, and is blocked while they own galleries or stories.
  const holdings = usePersonHoldings(kind === 'user' && deletion.target ? deletion.target.id : null);
  const deleteProps = { ...deletion.dialogProps };
  if (kind === 'user' && deletion.target) {
    const who = `${personName(deletion.target)} (${deletion.target.username})`;
    const h = holdings.data;
    if (!h) {
      deleteProps.detail = holdings.isError ? `${who} will be removed.` : `Checking what ${who} owns...`;
      deleteProps.blocked = !holdings.isError;
    } else if (h.client_galleries.length || h.love_stories.length) {
      const titles = (list: string[]) => list.map((t) => `'${t}'`).join(', ');
      const owned = [
        h.client_galleries.length ? `client galleries ${titles(h.client_galleries)}` : '',
        h.love_stories.length ? `love stories ${titles(h.love_stories)}` : '',
      ].filter(Boolean);
      deleteProps.detail = `${who} cannot be deleted: they still own ${owned.join(' and ')}. Assign them to another user or delete them first.`;
      deleteProps.blocked = true;
    } else {
      deleteProps.detail = h.gallery_links
        ? `${who} will be removed, and their ${h.gallery_links} gallery link${h.gallery_links === 1 ? '' : 's'} deleted with them.`
        : `${who} will be removed. They own no galleries, stories or gallery links.`;
    }
  }

  const columns = useMemo<DataTableColumn<PersonAccount>[]>(
    () => [
      // Narrowed to fit 1280 px with the Action column (names and addresses end in an ellipsis,
      // whole on hover); phone numbers and dates are never cut.
      { field: 'first_name', headerName: 'First name', minWidth: 80 },
      { field: 'last_name', headerName: 'Last name', minWidth: 80 },
      emailColumn('Email Address', { flex: 1.6, minWidth: 90 }),
      { field: 'username', headerName: 'Username', minWidth: 90 },
      { field: 'phone', headerName: 'Phone', minWidth: 100, keepWhole: true },
      {
        field: 'date_joined',
        headerName: 'Date Created',
        minWidth: 105,
        keepWhole: true,
        text: (r) => formatDate(r.date_joined),
        render: (r) => <span title={formatDateTime(r.date_joined)}>{formatDate(r.date_joined)}</span>,
      },
      {
        field: 'is_active',
        headerName: 'Status',
        width: 80,
        text: (r) => accountStatusLabel(r.is_active),
        render: (r) => (
          <Chip size="small" label={accountStatusLabel(r.is_active)} color={r.is_active ? 'success' : 'default'} variant="outlined" />
        ),
      },
      { field: 'last_login', headerName: 'Last Login', minWidth: 100, keepWhole: true, text: (r) => formatDateTime(r.last_login) },
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
      <DataTable<PersonAccount>
        label={text.label}
        rows={data}
        columns={columns}
        loading={isLoading}
        error={error}
        actions={actions}
        actionsWidth={TWO_ICON_ACTIONS}
        onOpen={editor.edit}
      />
      {editor.open && (
        <PersonDialog
          key={editor.key}
          kind={kind}
          person={editor.item ?? undefined}
          isSelf={!!editor.item && editor.item.id === selfId}
          onClose={editor.close}
          // Only an admin gets a temporary password: customers never sign in to the portal.
          onCreated={kind === 'admin' ? setCreated : undefined}
        />
      )}
      {created && <TemporaryPasswordDialog created={created} onClose={() => setCreated(null)} />}
      <DeleteConfirmDialog {...deleteProps} />
    </>
  );
}
