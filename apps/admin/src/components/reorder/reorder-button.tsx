import { lazy, Suspense, useState } from 'react';
import { Button } from '@mui/material';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import type { ReorderItem } from './reorder-dialog';

// The dialog and dnd-kit load when the admin first asks to reorder, never with the page.
const ReorderDialog = lazy(() => import('./reorder-dialog').then((m) => ({ default: m.ReorderDialog })));

export interface ReorderButtonProps {
  /** What is ordered, for the dialog: 'services', 'gallery images'... */
  what: string;
  /** Every record of the area, in the saved order (not a page or a search of them). */
  items: readonly ReorderItem[] | undefined;
  save: (ids: number[]) => Promise<unknown>;
  /** Reads the records again (the list's refetch). */
  reload: () => Promise<readonly ReorderItem[] | undefined>;
}

/** The header's "Reorder" button and the dialog it opens. */
export function ReorderButton({ what, items, save, reload }: ReorderButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<SwapVertIcon />} onClick={() => setOpen(true)} disabled={!items || items.length < 2}>
        Reorder
      </Button>
      {open && items && (
        <Suspense fallback={null}>
          <ReorderDialog
            what={what}
            items={[...items]}
            save={save}
            reload={async () => [...((await reload()) ?? [])]}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
