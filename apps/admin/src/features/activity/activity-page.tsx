import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Link, MenuItem, TextField } from '@mui/material';
import type { AuditEntry } from '@darkroom/contracts';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/page-header';
import { AREAS, recordPath, useActivity, useAdminsForFilter, type ActivityFilter } from './api';

const ALL = '';

/** /Activity: who changed what, newest first, filtered by admin, area and dates. */
export default function ActivityPage() {
  const [filter, setFilter] = useState<ActivityFilter>({});
  const { data, isLoading, error } = useActivity(filter);
  const admins = useAdminsForFilter();
  const set = (patch: Partial<ActivityFilter>) => setFilter((f) => ({ ...f, ...patch }));

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(
    () => [
      {
        field: 'at',
        headerName: 'When',
        width: 190,
        text: (r) => formatDateTime(r.at),
        render: (r) => <time dateTime={r.at}>{formatDateTime(r.at)}</time>,
      },
      { field: 'actor_name', headerName: 'Admin', minWidth: 130, flex: 0.8, text: (r) => r.actor_name || 'Unknown' },
      { field: 'action', headerName: 'Action', minWidth: 120, flex: 0.7 },
      { field: 'area', headerName: 'Area', minWidth: 140, flex: 0.8, text: (r) => AREAS[r.area] ?? r.area },
      {
        field: 'label',
        headerName: 'Record',
        minWidth: 180,
        flex: 1.2,
        text: (r) => r.label || (r.record_id ? `#${r.record_id}` : ''),
        render: (r) => {
          const name = r.label || (r.record_id ? `#${r.record_id}` : '');
          const to = r.record_exists && r.record_id ? recordPath(r.area, r.record_id) : null;
          return to ? (
            <Link component={RouterLink} to={to}>
              {name}
            </Link>
          ) : (
            name
          );
        },
      },
      { field: 'fields', headerName: 'Fields changed', minWidth: 160, flex: 1, text: (r) => r.fields.join(', ') },
      { field: 'ip', headerName: 'Address', width: 140, text: (r) => r.ip ?? '' },
    ],
    [],
  );

  return (
    <>
      <PageHeader title="Activity" subtitle="Every change, sign-in and sign-out in the portal: who, what and when." />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          select
          size="small"
          label="Admin"
          value={filter.admin ?? ALL}
          onChange={(e) => set({ admin: e.target.value === ALL ? undefined : Number(e.target.value) })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value={ALL}>All admins</MenuItem>
          {(admins.data ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.username}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Area"
          value={filter.area ?? ALL}
          onChange={(e) => set({ area: e.target.value || undefined })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value={ALL}>All areas</MenuItem>
          {Object.entries(AREAS).map(([key, name]) => (
            <MenuItem key={key} value={key}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          label="From"
          value={filter.from ?? ''}
          onChange={(e) => set({ from: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={filter.to ?? ''}
          onChange={(e) => set({ to: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <DataTable<AuditEntry> label="Activity" rows={data} columns={columns} loading={isLoading} error={error} />
    </>
  );
}
