import { Chip } from '@mui/material';
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '@darkroom/contracts';

const STATUS_COLOURS: Record<EnquiryStatus, 'info' | 'warning' | 'success' | 'default'> = {
  new: 'info',
  replied: 'warning',
  booked: 'success',
  lost: 'default',
};

export function StatusChip({ status }: { status: EnquiryStatus }) {
  return <Chip size="small" color={STATUS_COLOURS[status]} label={ENQUIRY_STATUS_LABELS[status]} variant="outlined" />;
}

/** An event date as the studio reads it (the day itself, never shifted by a time zone). */
export const formatEventDate = (date: string | null) =>
  date ? new Date(`${date}T12:00:00`).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '';
