import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Button, Skeleton } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { GalleryType } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { PageHeader } from '../page-header';
import { GalleryManager } from './gallery-manager';
import type { GalleryTableExtras } from './gallery-table';

export interface GalleryPhotosPageProps {
  type: GalleryType;
  /** The parent's id (from the navigation state or the query); null when none was given. */
  id: number | null;
  /** The parent's name once known (state first, else the fetched record). */
  name: string | null;
  /** The fetch of the parent record, for a reload without navigation state. */
  parent: { isLoading: boolean; isError: boolean; error: unknown };
  back: { to: string; label: string };
  /** The page title for a known name, and the one shown before (or without) it. */
  title: (name: string) => string;
  fallbackTitle: string;
  subtitle?: ReactNode;
  /** Said when no parent was chosen (the page was opened directly). */
  noneChosen: string;
  /** More controls beside Upload (e.g. a client gallery's favourites filter). */
  toolbar?: ReactNode;
  /** When set, the table shows only these photo ids. */
  only?: ReadonlySet<number> | null;
  /** What the area adds to the photo table (columns, actions on the selection). */
  table?: GalleryTableExtras;
}

/**
 * One page for the photos of a service, love story or client gallery: a header with Back, then
 * the gallery manager (upload, table, viewer). The three areas differ only in their words.
 */
export function GalleryPhotosPage({
  type,
  id,
  name,
  parent,
  back,
  title,
  fallbackTitle,
  subtitle,
  noneChosen,
  toolbar,
  only,
  table,
}: GalleryPhotosPageProps) {
  const backButton = (
    <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />}>
      {back.label}
    </Button>
  );
  if (!id) {
    return (
      <>
        <PageHeader title={fallbackTitle} actions={backButton} />
        <Alert severity="info">{noneChosen}</Alert>
      </>
    );
  }
  if (!name) {
    if (!parent.isError) return <Skeleton variant="rounded" height={64} aria-label="Loading..." />;
    const gone = parent.error instanceof ApiError && parent.error.status === 404;
    return (
      <>
        <PageHeader title={fallbackTitle} actions={backButton} />
        <Alert severity="error">{gone ? 'This gallery no longer exists.' : 'The gallery could not be loaded. Try again.'}</Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader title={title(name)} subtitle={subtitle} actions={backButton} />
      <GalleryManager type={type} parentId={id} name={name} toolbar={toolbar} only={only} table={table} />
    </>
  );
}
