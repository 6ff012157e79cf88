import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  COMMON_MESSAGES,
  WATERMARK_LIMITS,
  WATERMARK_MESSAGES,
  WATERMARK_POSITIONS,
  type Watermark,
  type WatermarkPosition,
} from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { failureMessage } from '../../api/failure';
import { useNotify } from '../../components/notify';
import { useSaveWatermark, useWatermark, type WatermarkValues } from './api';
import { PendingSubmitButton } from '../../components/pending-submit-button';

const POSITION_LABELS: Record<WatermarkPosition, string> = {
  center: 'Centre',
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};
type Field = 'text' | 'position' | 'size' | 'opacity' | 'logo';

/**
 * Site settings' watermark section: its own form and save (the rest of the page is another
 * endpoint). Client galleries with "Watermark the photos" on use it.
 */
export function WatermarkSection() {
  const { data, isLoading, error } = useWatermark();
  return (
    <Paper component="section" aria-labelledby="watermark-heading" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760, mt: 3 }}>
      <Typography id="watermark-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {WATERMARK_MESSAGES.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Put on every preview and web-size download of the client galleries you choose. Originals are never changed.
      </Typography>
      {isLoading ? (
        <Typography role="status">{COMMON_MESSAGES.fetching}</Typography>
      ) : error || !data ? (
        <Alert severity="error">{COMMON_MESSAGES.serverError}</Alert>
      ) : (
        <WatermarkForm saved={data} />
      )}
    </Paper>
  );
}

function WatermarkForm({ saved }: { saved: Watermark }) {
  const notify = useNotify();
  const save = useSaveWatermark();
  const [values, setValues] = useState<WatermarkValues>({
    text: saved.text,
    position: saved.position,
    size: saved.size,
    opacity: saved.opacity,
    logo: null,
    removeLogo: false,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const set = (patch: Partial<WatermarkValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };
  const logoUrl = useMemo(() => (values.logo ? URL.createObjectURL(values.logo) : null), [values.logo]);
  useEffect(() => () => (logoUrl ? URL.revokeObjectURL(logoUrl) : undefined), [logoUrl]);
  const hasLogo = !!values.logo || (!!saved.logo && !values.removeLogo);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync(values);
      setValues((v) => ({ ...v, logo: null, removeLogo: false }));
      notify(WATERMARK_MESSAGES.updated, 'success');
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      const next: Partial<Record<Field, string>> = {};
      for (const f of ['text', 'position', 'size', 'opacity', 'logo'] as Field[]) if (fields[f]?.[0]) next[f] = fields[f][0];
      setErrors(next);
      if (!Object.keys(next).length) notify(failureMessage(err, { fallback: WATERMARK_MESSAGES.updateFailed }));
    }
  };

  const [v, h] = values.position === 'center' ? ['center', 'center'] : values.position.split('-');
  const place = {
    justifyContent: h === 'left' ? 'flex-start' : h === 'right' ? 'flex-end' : 'center',
    alignItems: v === 'top' ? 'flex-start' : v === 'bottom' ? 'flex-end' : 'center',
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label={WATERMARK_MESSAGES.title}>
      <Stack spacing={2.5}>
        <TextField
          label="Text"
          value={values.text}
          onChange={(e) => set({ text: e.target.value })}
          error={!!errors.text}
          helperText={
            errors.text ??
            (hasLogo ? 'The logo is used; the text is kept for later.' : 'For example "© Studio name". Or choose a logo below.')
          }
          slotProps={{ htmlInput: { maxLength: WATERMARK_LIMITS.text } }}
        />
        <Box>
          <FormLabel component="div">Logo (PNG with transparency)</FormLabel>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
            {/* A button that opens the file picker (a label acting as a button is not allowed that role). */}
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>
              {hasLogo ? 'Choose another logo' : 'Choose a logo'}
            </Button>
            <input
              ref={fileInput}
              hidden
              type="file"
              accept="image/png"
              aria-label="Watermark logo (PNG)"
              onChange={(e) => set({ logo: e.target.files?.[0] ?? null, removeLogo: false })}
            />
            {values.logo && <Typography variant="body2">{values.logo.name}</Typography>}
            {!values.logo && saved.logo && (
              <FormControlLabel
                control={<Checkbox checked={values.removeLogo} onChange={(e) => set({ removeLogo: e.target.checked })} />}
                label="Remove the saved logo"
              />
            )}
          </Stack>
          <FormHelperText error={!!errors.logo}>
            {errors.logo ?? (saved.logo && !values.removeLogo ? 'A logo is saved.' : ' ')}
          </FormHelperText>
        </Box>
        <TextField
          select
          label="Position"
          value={values.position}
          onChange={(e) => set({ position: e.target.value as WatermarkPosition })}
          error={!!errors.position}
          helperText={errors.position}
          size="small"
        >
          {WATERMARK_POSITIONS.map((p) => (
            <MenuItem key={p} value={p}>
              {POSITION_LABELS[p]}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <FormLabel id="wm-size">Size: {values.size}% of the photo's width</FormLabel>
          <Slider
            aria-labelledby="wm-size"
            value={values.size}
            min={WATERMARK_LIMITS.minSize}
            max={WATERMARK_LIMITS.maxSize}
            onChange={(_, n) => set({ size: n as number })}
          />
          {errors.size && <FormHelperText error>{errors.size}</FormHelperText>}
        </Box>
        <Box>
          <FormLabel id="wm-opacity">Opacity: {values.opacity}%</FormLabel>
          <Slider
            aria-labelledby="wm-opacity"
            value={values.opacity}
            min={WATERMARK_LIMITS.minOpacity}
            max={WATERMARK_LIMITS.maxOpacity}
            onChange={(_, n) => set({ opacity: n as number })}
          />
          {errors.opacity && <FormHelperText error>{errors.opacity}</FormHelperText>}
        </Box>
        <Box
          aria-hidden
          sx={{
            display: 'flex',
            ...place,
            p: '3%',
            aspectRatio: '3 / 2',
            maxWidth: 360,
            borderRadius: 1,
            background: 'linear-gradient(135deg, #6d8fb3, #c9a27e)',
          }}
        >
          {logoUrl ? (
            <Box component="img" src={logoUrl} alt="" sx={{ width: `${values.size}%`, opacity: values.opacity / 100 }} />
          ) : (
            <Typography
              sx={{
                color: '#fff',
                opacity: values.opacity / 100,
                fontWeight: 700,
                fontSize: `${Math.max(8, (values.size * 3.6) / Math.max(values.text.length, 1) / 0.62)}px`,
                whiteSpace: 'nowrap',
              }}
            >
              {hasLogo ? 'Logo' : values.text}
            </Typography>
          )}
        </Box>
        {saved.pending > 0 && (
          <Typography variant="body2" role="status">
            Making watermarked copies: {saved.pending} photo{saved.pending === 1 ? '' : 's'} to go.
          </Typography>
        )}
        <Box>
          <PendingSubmitButton pending={save.isPending}>Save watermark</PendingSubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
