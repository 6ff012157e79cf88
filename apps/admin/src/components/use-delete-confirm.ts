import { useState } from 'react';
import { failureMessage, type FailurePolicy } from '../api/failure';
import type { DeleteConfirmDialogProps } from './delete-confirm-dialog';
import { useNotify } from './notify';

export interface DeleteConfirmOptions<T> {
  /** Deletes the item (usually a mutation's mutateAsync); reject to show the failure message. */
  remove: (item: T) => Promise<unknown>;
  /** The area's success message. */
  deleted: string;
  /** The area's failure message, its failure policy (api/failure.ts), or a function of the error. */
  failed: string | FailurePolicy | ((err: unknown) => string);
  /** Optional line under the question naming what goes. */
  detail?: (item: T) => string;
  /**
   * Whether the dialog stays open after a failure (so the admin can retry). Defaults to false:
   * it closes either way and the refreshed list shows what is left.
   */
  keepOpenOnFailure?: boolean;
}

export interface DeleteConfirm<T> {
  /** Opens the confirmation for an item (the row's or card's Delete button). */
  ask: (item: T) => void;
  /** The item waiting for confirmation, if any. */
  target: T | null;
  /** Spread onto <DeleteConfirmDialog />. */
  dialogProps: DeleteConfirmDialogProps;
}

/** The delete flow every list shares: ask -> confirm -> call -> the area's message. */
export function useDeleteConfirm<T>({
  remove,
  deleted,
  failed,
  detail,
  keepOpenOnFailure = false,
}: DeleteConfirmOptions<T>): DeleteConfirm<T> {
  const notify = useNotify();
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const onConfirm = async () => {
    if (target === null) return;
    setBusy(true);
    try {
      await remove(target);
      notify(deleted, 'success');
      setTarget(null);
    } catch (err) {
      notify(
        typeof failed === 'function'
          ? failed(err)
          : failureMessage(err, typeof failed === 'string' ? { fallback: failed, badRequest: failed } : failed),
        'error',
      );
      if (!keepOpenOnFailure) setTarget(null);
    } finally {
      setBusy(false);
    }
  };

  return {
    ask: setTarget,
    target,
    dialogProps: {
      open: target !== null,
      busy,
      detail: target !== null && detail ? detail(target) : undefined,
      onConfirm,
      onClose: () => setTarget(null),
    },
  };
}
