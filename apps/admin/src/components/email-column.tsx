import { Link } from '@mui/material';
import type { DataTableColumn } from './data-table';

/** The e-mail column of every people table: a mailto link, searchable by the address, '—' when empty. */
export function emailColumn<T extends { email: string }>(headerName: string, size: { flex: number; minWidth: number }): DataTableColumn<T> {
  return {
    field: 'email',
    headerName,
    ...size,
    text: (r) => r.email,
    render: (r) =>
      r.email ? (
        <Link href={`mailto:${r.email}`} underline="hover" noWrap title={r.email}>
          {r.email}
        </Link>
      ) : (
        '—'
      ),
  };
}
