import { useState } from 'react';

export interface EditorState<T> {
  /** True while the create/edit dialog is shown. */
  open: boolean;
  /** The item being edited; null when creating. */
  item: T | null;
  /** A React key per item ('new' when creating), so the form remounts with fresh defaults. */
  key: string | number;
  create: () => void;
  edit: (item: T) => void;
  close: () => void;
}

/** Which create/edit dialog a list page shows: none, 'create', or 'edit' for one item. */
export function useEditorState<T extends { id: number }>(): EditorState<T> {
  // undefined = closed, null = create, an item = edit.
  const [item, setItem] = useState<T | null | undefined>(undefined);
  return {
    open: item !== undefined,
    item: item ?? null,
    key: item?.id ?? 'new',
    create: () => setItem(null),
    edit: setItem,
    close: () => setItem(undefined),
  };
}
