import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  FormLabel,
  Slider,
  Stack,
  Typography,
} from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { COMMON_MESSAGES, IMAGE_ACCEPT, IMAGE_MIME_TYPES } from '@darkroom/contracts';
import { isJpegOrPng, NOT_AN_IMAGE } from './image-check';

export interface ImageFieldProps {
  label: string;
  value: File | null | undefined;
  onChange: (file: File | null) => void;
  /** The image already saved (edit dialogs); previewed until a new file is chosen. */
  currentUrl?: string | null;
  /** true, or the message to show. */
  error?: boolean | string;
  helperText?: string;
  /** When given (e.g. 16/9), the chosen image goes through a crop dialog first. */
  aspect?: number;
  onBlur?: () => void;
  disabled?: boolean;
}

const isAcceptedImage = (file: File) => (IMAGE_MIME_TYPES as readonly string[]).includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);

/** Image upload input for every form: .jpg/.jpeg/.png only, a preview, and optional cropping. */
export function ImageField({ label, value, onChange, currentUrl, error, helperText, aspect, onBlur, disabled }: ImageFieldProps) {
  const inputId = useId();
  const helpId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [cropSource, setCropSource] = useState<File | null>(null);
  const preview = useObjectUrl(value ?? null) ?? currentUrl ?? null;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setLocalError(COMMON_MESSAGES.imageType);
      return;
    }
    // The name says .jpg/.png; the contents must too (a text file renamed .jpg would crop to black).
    if (!(await isJpegOrPng(file).catch(() => false))) {
      setLocalError(NOT_AN_IMAGE);
      return;
    }
    setLocalError(null);
    if (aspect) setCropSource(file);
    else onChange(file);
  };

  const message = localError ?? (typeof error === 'string' ? error : helperText);
  const invalid = Boolean(localError || error);

  return (
    <FormControl error={invalid} disabled={disabled} fullWidth>
      <FormLabel htmlFor={inputId} sx={{ mb: 1, fontSize: 14 }}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 120,
            aspectRatio: aspect ? String(aspect) : '4 / 3',
            borderRadius: 1,
            overflow: 'hidden',
            flexShrink: 0,
            bgcolor: 'action.hover',
            border: 1,
            borderColor: invalid ? 'error.main' : 'divider',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {preview ? (
            <Box component="img" src={preview} alt={`${label} preview`} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <AddPhotoAlternateOutlinedIcon sx={{ color: 'text.disabled' }} aria-hidden />
          )}
        </Box>
        <Stack spacing={0.5} sx={{ minWidth: 0, alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" size="small" onClick={() => inputRef.current?.click()} onBlur={onBlur} disabled={disabled}>
              {value || currentUrl ? 'Change image' : 'Choose image'}
            </Button>
            {value && (
              <Button size="small" color="inherit" onClick={() => onChange(null)} disabled={disabled}>
                Remove
              </Button>
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ maxWidth: 260 }}>
            {value ? value.name : '.jpg, .jpeg or .png'}
          </Typography>
        </Stack>
      </Stack>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-label={label}
        aria-describedby={message ? helpId : undefined}
        hidden
        disabled={disabled}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = ''; // so choosing the same file again still fires
        }}
      />
      {message && <FormHelperText id={helpId}>{message}</FormHelperText>}
      {aspect && cropSource && (
        <CropDialog
          file={cropSource}
          aspect={aspect}
          onCancel={() => setCropSource(null)}
          onDone={(file) => {
            setCropSource(null);
            onChange(file);
          }}
        />
      )}
    </FormControl>
  );
}

/**
 * An object URL for a File. Revoking is deferred a moment and cancelled if the same URL is
 * re-mounted, so StrictMode's mount/unmount/mount does not leave a revoked URL on screen.
 */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  const pending = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    if (!url) return;
    const timers = pending.current;
    clearTimeout(timers.get(url));
    return () => {
      timers.set(
        url,
        setTimeout(() => {
          URL.revokeObjectURL(url);
          timers.delete(url);
        }, 1000),
      );
    };
  }, [url]);
  return url;
}

/** Frames the image at a fixed aspect and hands back a full-resolution JPEG; mounted per file so state starts fresh. */
function CropDialog({
  file,
  aspect,
  onCancel,
  onDone,
}: {
  file: File;
  aspect: number;
  onCancel: () => void;
  onDone: (file: File) => void;
}) {
  const titleId = useId();
  const source = useObjectUrl(file);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const apply = async () => {
    if (!source || !area) return;
    setBusy(true);
    try {
      const blob = await cropToJpeg(source, area);
      const name = file.name.replace(/\.[^.]+$/, '') + '.jpg';
      onDone(new File([blob], name, { type: 'image/jpeg' }));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Crop image</DialogTitle>
      <DialogContent>
        <Box sx={{ position: 'relative', height: { xs: 280, sm: 420 }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
          {source && (
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={onCropComplete}
              onMediaLoaded={() => setFailed(false)}
            />
          )}
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
          <ZoomInIcon color="action" aria-hidden />
          <Slider value={zoom} min={1} max={4} step={0.05} onChange={(_, v) => setZoom(v as number)} aria-label="Zoom" />
        </Stack>
        <Typography variant="caption" color={failed ? 'error' : 'text.secondary'}>
          {failed ? COMMON_MESSAGES.imageCorrupt : 'Drag to position the image; use the slider or scroll to zoom.'}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void apply()}
          disabled={busy || !area}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label="Cropping" /> : undefined}
        >
          Crop
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Draws the chosen pixel area onto a canvas and encodes it as JPEG. */
async function cropToJpeg(src: string, area: Area): Promise<Blob> {
  const img = new Image();
  img.src = src;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas unavailable');
  ctx.fillStyle = '#fff'; // PNG transparency becomes white, not black, in a JPEG
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Encoding failed'))), 'image/jpeg', 0.92),
  );
}
