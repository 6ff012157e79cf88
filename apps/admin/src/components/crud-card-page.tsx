import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button } from '@mui/material';
import { CardGrid, EntityCard, type CardGridProps, type EntityCardProps } from './card-grid';
import { LazyMount } from './lazy-mount';
import { PageHeader } from './page-header';
import { useDeleteConfirm, type DeleteConfirmOptions } from './use-delete-confirm';
import { useEditorState } from './use-editor-state';

// The dialogs load when first opened: the cards are what the page shows first.
const DeleteConfirmDialog = lazy(() => import('./delete-confirm-dialog').then((m) => ({ default: m.DeleteConfirmDialog })));
const ImagePreviewDialog = lazy(() => import('./image-preview-dialog').then((m) => ({ default: m.ImagePreviewDialog })));

/** What the page shows of one item on its card; Edit, Delete and publish are wired by the page. */
export type CrudCardContent = Omit<EntityCardProps, 'onEdit' | 'onDelete' | 'publish'>;

export interface CrudCardPageProps<T extends { id: number; status: boolean }> {
  title: string;
  subtitle?: string;
  /** The header's create button. */
  addLabel: string;
  addIcon: ReactNode;
  /** More header buttons, shown before the create button. */
  headerActions?: ReactNode;
  items: T[] | undefined;
  loading: boolean;
  error: unknown;
  /** Replaces the grid when the list could not be loaded; CardGrid's generic text otherwise. */
  loadFailedText?: string;
  emptyText: string;
  columns: CardGridProps<T>['columns'];
  card: (item: T) => CrudCardContent;
  /** The publish switch: the area's label in the messages and the status call. */
  publish: { label: string; onChange: (item: T, status: boolean) => Promise<unknown> };
  /** Delete with confirmation: the call and the area's messages. */
  remove: Omit<DeleteConfirmOptions<T>, 'keepOpenOnFailure'>;
  /** Click-to-enlarge on the card image (unless the card sets its own onImageClick). */
  preview?: (item: T) => { src: string; title?: string };
  /** The create (item null) or edit dialog; it calls onClose when done. */
  renderEditor: (item: T | null, onClose: () => void) => ReactNode;
  /** Above the cards (a search box). */
  toolbar?: ReactNode;
  /** Under the cards (page buttons). */
  footer?: ReactNode;
  /** Further dialogs of the page. */
  children?: ReactNode;
}

/**
 * A card-grid page of an image area: header with the create button, cards with Edit, Delete and
 * publish, the create/edit dialog, the delete confirmation and the image preview.
 */
export function CrudCardPage<T extends { id: number; status: boolean }>({
  title,
  subtitle,
  addLabel,
  addIcon,
  headerActions,
  items,
  loading,
  error,
  loadFailedText,
  emptyText,
  columns,
  card,
  publish,
  remove,
  preview,
  renderEditor,
  toolbar,
  footer,
  children,
}: CrudCardPageProps<T>) {
  const editor = useEditorState<T>();
  const deletion = useDeleteConfirm(remove);
  const [previewing, setPreviewing] = useState<T | null>(null);
  const shown = previewing && preview ? preview(previewing) : null;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            {headerActions}
            <Button variant="contained" startIcon={addIcon} onClick={editor.create}>
              {addLabel}
            </Button>
          </>
        }
      />
      {toolbar}
      {loadFailedText && error && !items?.length ? (
        <Alert severity="error">{loadFailedText}</Alert>
      ) : (
        <CardGrid
          items={items}
          loading={loading}
          error={error}
          emptyText={emptyText}
          columns={columns}
          getKey={(item) => item.id}
          renderCard={(item) => {
            const content = card(item);
            return (
              <EntityCard
                {...content}
                onImageClick={content.onImageClick ?? (preview ? () => setPreviewing(item) : undefined)}
                onEdit={() => editor.edit(item)}
                onDelete={() => deletion.ask(item)}
                publish={{ label: publish.label, published: item.status, onChange: (status) => publish.onChange(item, status) }}
              />
            );
          }}
        />
      )}
      {footer}
      {/* The key remounts the dialog per item, so the form starts from that item's values. */}
      {editor.open && (
        <Suspense key={editor.key} fallback={null}>
          {renderEditor(editor.item, editor.close)}
        </Suspense>
      )}
      <LazyMount when={deletion.dialogProps.open}>
        <DeleteConfirmDialog {...deletion.dialogProps} />
      </LazyMount>
      {preview && (
        <LazyMount when={!!shown}>
          <ImagePreviewDialog open={!!shown} src={shown?.src} title={shown?.title} onClose={() => setPreviewing(null)} />
        </LazyMount>
      )}
      <Suspense fallback={null}>{children}</Suspense>
    </>
  );
}
