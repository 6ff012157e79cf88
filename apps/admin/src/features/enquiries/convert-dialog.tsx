import { useId, useState } from 'react';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, TextField } from '@mui/material';
import { ENQUIRY_MESSAGES, PERSON_LIMITS, type Enquiry } from '@darkroom/contracts';
import { failureMessage, fieldErrorsOf } from '../../api/failure';
import { useNotify } from '../../components/notify';
import { useConvertEnquiry } from './api';
import { PendingSubmitButton } from '../../components/pending-submit-button';

const FIELDS = [
  { key: 'first_name', label: 'First name', max: PERSON_LIMITS.name },
  { key: 'last_name', label: 'Last name', max: PERSON_LIMITS.name },
  { key: 'email', label: 'Email', max: PERSON_LIMITS.email },
  { key: 'phone', label: 'Phone', max: PERSON_LIMITS.phone },
  { key: 'username', label: 'Username', max: PERSON_LIMITS.username },
] as const;
type Details = Record<(typeof FIELDS)[number]['key'], string>;

/** The customer's details as the enquiry gives them: the name split at its first space, a username from the e-mail. */
function detailsOf(enquiry: Enquiry): Details {
  const [first = '', ...rest] = enquiry.full_name.trim().split(/\s+/);
  const username = (enquiry.email.split('@')[0] ?? '').toLowerCase().replace(/[^\w.@+-]/g, '');
  return { first_name: first, last_name: rest.join(' '), email: enquiry.email, phone: enquiry.phone, username };
}

/** "Convert to customer": the customer's details to confirm, and whether to make an empty client gallery for them. */
export function ConvertDialog({
  enquiry,
  open,
  onClose,
  onConverted,
}: {
  enquiry: Enquiry;
  open: boolean;
  onClose: () => void;
  onConverted: (enquiry: Enquiry) => void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const convert = useConvertEnquiry();
  const [details, setDetails] = useState<Details>(() => detailsOf(enquiry));
  const [gallery, setGallery] = useState(true);
  const [galleryTitle, setGalleryTitle] = useState(enquiry.full_name);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const submit = async () => {
    setErrors({});
    try {
      onConverted(
        await convert.mutateAsync({ id: enquiry.id, details: { ...details, create_gallery: gallery, gallery_title: galleryTitle } }),
      );
      notify(ENQUIRY_MESSAGES.converted, 'success');
      onClose();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) setErrors(fields);
      else notify(failureMessage(err, { fallback: ENQUIRY_MESSAGES.convertFailed }));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Convert to customer</DialogTitle>
      <DialogContent dividers>
        <Stack
          spacing={2}
          component="form"
          id={`${titleId}-form`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {FIELDS.map((f) => (
            <TextField
              key={f.key}
              label={f.label}
              required
              size="small"
              value={details[f.key]}
              onChange={(e) => setDetails((d) => ({ ...d, [f.key]: e.target.value }))}
              error={!!errors[f.key]}
              helperText={errors[f.key]?.[0]}
              slotProps={{ htmlInput: { maxLength: f.max } }}
            />
          ))}
          <FormControlLabel
            control={<Checkbox checked={gallery} onChange={(e) => setGallery(e.target.checked)} />}
            label="Also create an empty client gallery"
          />
          {gallery && (
            <TextField
              label="Gallery title"
              size="small"
              value={galleryTitle}
              onChange={(e) => setGalleryTitle(e.target.value)}
              error={!!errors.gallery_title}
              helperText={errors.gallery_title?.[0] ?? 'Unpublished until you add photos and publish it.'}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <PendingSubmitButton form={`${titleId}-form`} pending={convert.isPending}>
          Create customer
        </PendingSubmitButton>
      </DialogActions>
    </Dialog>
  );
}
