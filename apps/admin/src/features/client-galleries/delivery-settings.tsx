import { useEffect, useId, useState, type FormEvent } from 'react';
import { Box, Button, FormControlLabel, FormHelperText, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { DELIVERY_MESSAGES, DELIVERY_PASSWORD_MAX, type ClientGallery, type DownloadSize } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { useNotify } from '../../components/notify';
import { clientGalleryFailure, DELIVERY_FIELDS, useUpdateDelivery, type DeliveryChanges } from './api';
import { DELIVERY_TEXT } from './delivery-text';
import { PendingSubmitButton } from '../../components/pending-submit-button';

type Field =
  | 'delivery_password'
  | 'delivery_expires_at'
  | 'allow_download'
  | 'download_size'
  | 'download_pin'
  | 'require_email'
  | 'selection_limit'
  | 'watermark';
type Errors = Partial<Record<Field, string>>;

interface Values {
  /** The admin wants the link to ask for a password. */
  protect: boolean;
  /** A new password (never the current one: the server does not answer it). */
  password: string;
  /** YYYY-MM-DD or ''. */
  expires: string;
  allowDownload: boolean;
  downloadSize: DownloadSize;
  /** The admin wants downloads to ask for a PIN. */
  pinOn: boolean;
  /** A new PIN (never the current one: the server keeps only its hash). */
  pin: string;
  /** Proofing: each visitor gives a name and e-mail and keeps their own list. */
  requireEmail: boolean;
  /** Most photos a list may hold, as typed ('' for no limit). */
  limit: string;
  /** The studio's watermark on every preview and web size. */
  watermark: boolean;
}

const valuesOf = (g: ClientGallery): Values => ({
  protect: g.delivery_password_set,
  password: '',
  expires: g.delivery_expires_at ?? '',
  allowDownload: g.allow_download,
  downloadSize: g.download_size,
  pinOn: g.download_pin_set,
  pin: '',
  requireEmail: g.require_email,
  limit: g.selection_limit === null ? '' : String(g.selection_limit),
  watermark: g.watermark,
});

const SIZE_HELP: Record<DownloadSize, string> = {
  original: 'The customer downloads the originals, as you uploaded them.',
  web: 'The customer downloads web sizes: JPEG, 2048 px on the long edge, without camera data.',
  both: 'The customer chooses between originals and web sizes.',
};

/** Only what changed: a new or removed password, another expiry, downloads switched. */
export function deliveryChanges(g: ClientGallery, v: Values): DeliveryChanges {
  const changes: DeliveryChanges = {};
  if (v.protect && v.password) changes.delivery_password = v.password;
  else if (!v.protect && g.delivery_password_set) changes.delivery_password = '';
  if (v.expires !== (g.delivery_expires_at ?? '')) changes.delivery_expires_at = v.expires;
  if (v.allowDownload !== g.allow_download) changes.allow_download = v.allowDownload;
  if (v.downloadSize !== g.download_size) changes.download_size = v.downloadSize;
  if (v.pinOn && v.pin) changes.download_pin = v.pin;
  else if (!v.pinOn && g.download_pin_set) changes.download_pin = '';
  if (v.requireEmail !== g.require_email) changes.require_email = v.requireEmail;
  if (v.limit !== (g.selection_limit === null ? '' : String(g.selection_limit))) changes.selection_limit = v.limit;
  if (v.watermark !== g.watermark) changes.watermark = v.watermark;
  return changes;
}

/** Password on/off, expiry and downloads of one gallery's link, saved together. */
export interface DeliverySettingsProps {
  gallery: ClientGallery;
  /** Told whether the settings hold unsaved changes (the dialog asks before throwing them away). */
  onDirtyChange?: (dirty: boolean) => void;
}

export function DeliverySettings({ gallery: latest, onDirtyChange }: DeliverySettingsProps) {
  const notify = useNotify();
  const update = useUpdateDelivery();
  const headingId = useId();
  // What the settings are compared with: the last save's answer, until the list brings a newer gallery.
  const [known, setKnown] = useState(latest);
  const [gallery, setGallery] = useState(latest);
  if (latest !== known) {
    setKnown(latest);
    setGallery(latest);
  }
  const [values, setValues] = useState<Values>(() => valuesOf(latest));
  const [errors, setErrors] = useState<Errors>({});
  const changes = deliveryChanges(gallery, values);
  const changed = Object.keys(changes).length > 0;
  // Turning the password on without typing one is a change too: Save then says what is missing.
  const dirty = changed || values.protect !== gallery.delivery_password_set || values.pinOn !== gallery.download_pin_set;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.protect && !gallery.delivery_password_set && !values.password) {
      setErrors({ delivery_password: DELIVERY_MESSAGES.passwordRequired });
      return;
    }
    if (values.pinOn && (values.pin || !gallery.download_pin_set) && !/^\d{4}$/.test(values.pin)) {
      setErrors({ download_pin: DELIVERY_MESSAGES.pinInvalid });
      return;
    }
    if (values.password.length > DELIVERY_PASSWORD_MAX) {
      setErrors({ delivery_password: DELIVERY_MESSAGES.passwordTooLong });
      return;
    }
    if (!changed) return;
    try {
      const saved = await update.mutateAsync({ id: gallery.id, changes });
      setGallery(saved);
      setValues(valuesOf(saved));
      notify(DELIVERY_TEXT.settingsSaved, 'success');
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      const next: Errors = {};
      for (const f of DELIVERY_FIELDS as Field[]) if (fields[f]?.[0]) next[f] = fields[f][0];
      setErrors(next);
      notify(clientGalleryFailure(err, DELIVERY_TEXT.settingsFailed, DELIVERY_FIELDS), 'error');
    }
  };

  const busy = update.isPending;
  const passwordHelp =
    errors.delivery_password ??
    (values.protect
      ? gallery.delivery_password_set
        ? DELIVERY_TEXT.passwordNote
        : 'The customer types it once; the e-mail with the link never includes it.'
      : gallery.delivery_password_set
        ? DELIVERY_TEXT.passwordRemovedOnSave
        : 'Anyone with the link can open the gallery.');

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Access
      </Typography>
      <Stack spacing={2}>
        <Box>
          <FormControlLabel
            control={<Switch checked={values.protect} onChange={(e) => set({ protect: e.target.checked, password: '' })} />}
            label="Require a password"
          />
          {values.protect && (
            <TextField
              label={gallery.delivery_password_set ? 'New password' : 'Password'}
              type="password"
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set({ password: e.target.value })}
              error={!!errors.delivery_password}
              required={!gallery.delivery_password_set}
              fullWidth
              size="small"
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: DELIVERY_PASSWORD_MAX } }}
            />
          )}
          <FormHelperText error={!!errors.delivery_password}>{passwordHelp}</FormHelperText>
        </Box>
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Link expires after"
              type="date"
              value={values.expires}
              onChange={(e) => set({ expires: e.target.value })}
              error={!!errors.delivery_expires_at}
              size="small"
              sx={{ flex: 1 }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button onClick={() => set({ expires: '' })} disabled={!values.expires} aria-label="Clear the expiry date">
              Clear
            </Button>
          </Stack>
          <FormHelperText error={!!errors.delivery_expires_at}>
            {errors.delivery_expires_at ??
              (values.expires
                ? "The link works until the end of this day, in the studio's time zone (Site settings)."
                : 'No expiry: the link works until you revoke it.')}
          </FormHelperText>
        </Box>
        <Box>
          <FormControlLabel
            control={<Switch checked={values.watermark} onChange={(e) => set({ watermark: e.target.checked })} />}
            label="Watermark the photos"
          />
          <FormHelperText error={!!errors.watermark}>
            {errors.watermark ??
              (values.watermark
                ? "The studio's watermark (Site settings) is on every preview and web-size download; originals stay as uploaded. A photo shows once its watermarked copy is made."
                : 'The customer sees the photos without a watermark.')}
          </FormHelperText>
        </Box>
        <Box>
          <FormControlLabel
            control={<Switch checked={values.allowDownload} onChange={(e) => set({ allowDownload: e.target.checked })} />}
            label="Allow downloads"
          />
          <FormHelperText error={!!errors.allow_download}>
            {errors.allow_download ??
              (values.allowDownload ? 'The customer can download photos.' : 'The customer can only view the photos.')}
          </FormHelperText>
        </Box>
        {values.allowDownload && (
          <>
            <Box>
              <TextField
                select
                label="Download size"
                value={values.downloadSize}
                onChange={(e) => set({ downloadSize: e.target.value as DownloadSize })}
                error={!!errors.download_size}
                size="small"
                fullWidth
              >
                <MenuItem value="original">Originals</MenuItem>
                <MenuItem value="web">Web size (2048 px)</MenuItem>
                <MenuItem value="both">Both: the customer chooses</MenuItem>
              </TextField>
              <FormHelperText error={!!errors.download_size}>{errors.download_size ?? SIZE_HELP[values.downloadSize]}</FormHelperText>
            </Box>
            <Box>
              <FormControlLabel
                control={<Switch checked={values.pinOn} onChange={(e) => set({ pinOn: e.target.checked, pin: '' })} />}
                label="Ask a download PIN"
              />
              {values.pinOn && (
                <TextField
                  label={gallery.download_pin_set ? 'New PIN' : 'PIN'}
                  value={values.pin}
                  onChange={(e) => set({ pin: e.target.value.replace(/\D/g, '').slice(0, 4) })}
                  error={!!errors.download_pin}
                  required={!gallery.download_pin_set}
                  size="small"
                  sx={{ mt: 1, width: '10ch' }}
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4, autoComplete: 'off', pattern: '[0-9]{4}' } }}
                />
              )}
              <FormHelperText error={!!errors.download_pin}>
                {errors.download_pin ??
                  (values.pinOn
                    ? gallery.download_pin_set
                      ? 'A PIN is set. It is never shown; type four new digits to replace it.'
                      : 'Four digits the customer types once before the first download.'
                    : gallery.download_pin_set
                      ? 'The PIN will be removed when you save.'
                      : 'Downloads need no PIN.')}
              </FormHelperText>
            </Box>
          </>
        )}
        <ProofingFields values={values} errors={errors} set={set} />
        <Box>
          <PendingSubmitButton pending={busy} disabled={!dirty}>
            Save access settings
          </PendingSubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}

/** Proofing: each visitor's own list (name and e-mail first) and the most photos a list may hold. */
function ProofingFields({ values, errors, set }: { values: Values; errors: Errors; set: (patch: Partial<Values>) => void }) {
  return (
    <>
      <Box>
        <FormControlLabel
          control={<Switch checked={values.requireEmail} onChange={(e) => set({ requireEmail: e.target.checked })} />}
          label="Ask each visitor's name and e-mail"
        />
        <FormHelperText error={!!errors.require_email}>
          {errors.require_email ??
            (values.requireEmail
              ? 'Each visitor keeps their own list of favourites and may submit it.'
              : 'Everyone with the link shares one list of favourites.')}
        </FormHelperText>
      </Box>
      <Box>
        <TextField
          label="Most photos a list may hold"
          value={values.limit}
          onChange={(e) => set({ limit: e.target.value.replace(/\D/g, '').slice(0, 5) })}
          error={!!errors.selection_limit}
          size="small"
          sx={{ width: '24ch' }}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
        />
        <FormHelperText error={!!errors.selection_limit}>
          {errors.selection_limit ?? (values.limit ? `A visitor may choose up to ${values.limit} photos.` : 'Empty: no limit.')}
        </FormHelperText>
      </Box>
    </>
  );
}
