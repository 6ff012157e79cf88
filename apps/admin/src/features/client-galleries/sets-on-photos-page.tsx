import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { GalleryPhoto } from '@darkroom/contracts';
import type { DataTableColumn } from '../../components/data-table';
import { useGallerySets } from './sets-api';
import { MoveToSet, setFilterIds, SetsBar, useSetColumn, type SetFilter } from './sets-bar';

/**
 * What sets add to a client gallery's photos page: the filter and the Sets button beside Upload,
 * a Set column, and 'Move to set' for the selected photos. `only` is the set filter's photos
 * (null: no narrowing).
 */
export function useSetsOnPhotosPage(galleryId: number | null, photos: GalleryPhoto[] | undefined) {
  const sets = useGallerySets(galleryId);
  const [filter, setFilter] = useState<SetFilter>('all');
  const column = useSetColumn(sets.data);
  const only = useMemo(() => setFilterIds(filter, sets.data, photos), [filter, sets.data, photos]);
  const hasSets = !!sets.data?.length;
  const extraColumns = useMemo<DataTableColumn<GalleryPhoto>[] | undefined>(() => (hasSets ? [column] : undefined), [hasSets, column]);
  const selectionActions = useCallback(
    (ids: number[], clear: () => void): ReactNode =>
      galleryId ? <MoveToSet galleryId={galleryId} sets={sets.data} ids={ids} onMoved={clear} /> : null,
    [galleryId, sets.data],
  );
  return {
    only,
    toolbar: galleryId ? <SetsBar galleryId={galleryId} sets={sets.data} filter={filter} onFilter={setFilter} /> : null,
    table: { extraColumns, selectionActions },
  };
}
