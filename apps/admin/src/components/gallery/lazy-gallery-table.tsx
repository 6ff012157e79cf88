import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import type { GalleryTableProps } from './gallery-table';

const Table = lazy(() => import('./gallery-table').then((m) => ({ default: m.GalleryTable })));

/**
 * The gallery's table, whose data grid is loaded when a table is first shown: pages that only
 * open the viewer or the upload dialog (the services page) never load the grid.
 */
export function GalleryTable(props: GalleryTableProps) {
  return (
    <Suspense fallback={<LinearProgress aria-label="Loading the table" />}>
      <Table {...props} />
    </Suspense>
  );
}
