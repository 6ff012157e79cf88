import { Chip } from '@mui/material';
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '@darkroom/contracts';

/** The border tells the status at a glance; the words keep the text colour (coloured words were too faint on white). */
const STATUS_BORDERS: Record<EnquiryStatus, string> = {
  new: 'info.main',
  replied: 'warning.main',
  booked: 'success.main',
  lost: 'text.disabled',
};

export function StatusChip({ status }: { status: EnquiryStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={ENQUIRY_STATUS_LABELS[status]}
      sx={{ borderColor: STATUS_BORDERS[status], borderWidth: 2, color: 'text.primary' }}
    />
  );
}

/** An event date as the studio reads it (the day itself, never shifted by a time zone). */
export const formatEventDate = (date: string | null) =>
  date ? new Date(`${date}T12:00:00`).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '';
