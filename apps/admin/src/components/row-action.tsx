import type { ReactElement } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';

const KINDS: Record<'view' | 'edit' | 'delete', { title: string; icon: ReactElement; color?: 'error' }> = {
  view: { title: 'View', icon: <VisibilityOutlinedIcon fontSize="small" /> },
  edit: { title: 'Edit', icon: <EditOutlinedIcon fontSize="small" /> },
  delete: { title: 'Delete', icon: <DeleteOutlineIcon fontSize="small" />, color: 'error' },
};

export interface RowActionProps {
  kind: keyof typeof KINDS;
  /** The accessible name, naming the row, e.g. 'Delete Jane Doe'. */
  label: string;
  onClick: () => void;
  /** When given, the button can be disabled and keeps its tooltip (explain why with `tooltip`). */
  disabled?: boolean;
  /** Replaces the tooltip ('View', 'Edit' or 'Delete'). */
  tooltip?: string;
}

/** A table row's View / Edit / Delete icon button with its tooltip. */
export function RowAction({ kind, label, onClick, disabled, tooltip }: RowActionProps) {
  const { title, icon, color } = KINDS[kind];
  const button = (
    <IconButton size="small" color={color} aria-label={label} disabled={disabled} onClick={onClick}>
      {icon}
    </IconButton>
  );
  return (
    // A span keeps the tooltip working on a disabled button.
    <Tooltip title={tooltip ?? title}>{disabled === undefined ? button : <span>{button}</span>}</Tooltip>
  );
}
