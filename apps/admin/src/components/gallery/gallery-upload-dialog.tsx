import { useCallback, useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import CloseIcon from '@mui/icons-material/Close';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GALLERY_MESSAGES, IMAGE_ACCEPT, IMAGE_EXTENSIONS, type GalleryType } from '@darkroom/contracts';
import { useNotify } from '../notify';
import { fetchNames, galleryKeys } from './gallery-api';
import {
  answeredProgress,
  overallProgress,
  prepareSelection,
  runUpload,
  uploadSummary,
  type UploadItem,
  type UploadStatus,
} from './upload-queue';

export interface GalleryUploadDialogProps {
  open: boolean;
  onClose: () => void;
  type: GalleryType;
  parentId: number;
  /** The gallery's name, for the title. */
  name?: string;
  /** Called after a batch stored at least one photo. */
  onUploaded?: () => void;
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  ready: 'Ready',
  hashing: 'Checking',
  uploading: 'Uploading',
  processing: 'Processing',
  done: 'Uploaded',
  skipped: 'Skipped',
  refused: 'Refused',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const DONE_CLOSE_MS = 700;
const isImageName = (name: string) => IMAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));
const formatSize = (bytes: number) =>
  bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Object URLs for previews, made on demand and revoked when the file leaves the list or the dialog closes. */
function usePreviewUrls(items: UploadItem[]) {
  const urls = useRef(new Map<string, string>());
  useEffect(() => {
    const keys = new Set(items.map((i) => i.key));
    for (const [key, url] of urls.current) {
      if (!keys.has(key)) {
        URL.revokeObjectURL(url);
        urls.current.delete(key);
      }
    }
  }, [items]);
  useEffect(() => {
    const map = urls.current;
    return () => {
      map.forEach((u) => URL.revokeObjectURL(u));
      map.clear();
    };
  }, []);
  return useCallback((item: UploadItem) => {
    let url = urls.current.get(item.key);
    if (!url) urls.current.set(item.key, (url = URL.createObjectURL(item.file)));
    return url;
  }, []);
}

/**
 * Pick or drop many photos; duplicates in the selection and names the gallery holds are left
 * out; each file is hashed and checked against the gallery before sending; files go up a few at
 * a time with per-file and overall progress; failures are retried or reported; Cancel stops it.
 */
export function GalleryUploadDialog({ open, onClose, type, parentId, name, onUploaded }: GalleryUploadDialogProps) {
  const titleId = useId();
  const notify = useNotify();
  const qc = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  /** The finished batch's summary; success styling when anything was stored. */
  const [summary, setSummary] = useState<{ text: string; severity: 'success' | 'warning' | 'error' } | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  const preview = usePreviewUrls(items);

  const names = useQuery({
    queryKey: galleryKeys.names(type, parentId),
    queryFn: ({ signal }) => fetchNames(type, parentId, signal),
    enabled: open,
    staleTime: 0,
  });
  const galleryNames = useMemo(() => new Set(names.data ?? []), [names.data]);

  const reset = () => {
    setItems([]);
    setError(null);
    setInfo(null);
    setSummary(null);
  };
  const close = () => {
    if (busy) return;
    window.clearTimeout(closeTimer.current);
    reset();
    onClose();
  };

  const addFiles = (list: FileList | File[]) => {
    const files = Array.from(list).filter((f) => isImageName(f.name));
    const ignored = Array.from(list).length - files.length;
    const { added, existing, repeated } = prepareSelection(files, items, galleryNames);
    const next = [...items, ...added];
    setItems(next);
    const notes: string[] = [];
    if (existing.length) notes.push(`${existing.length} already in the gallery`);
    if (repeated) notes.push(`${repeated} chosen twice`);
    if (ignored) notes.push(`${ignored} not a .jpg, .jpeg or .png`);
    setInfo(notes.length ? `Left out: ${notes.join(', ')}.` : null);
    setSummary(null);
    if (!next.length && files.length) setError(GALLERY_MESSAGES.duplicate);
    else if (!next.length && ignored) setError(GALLERY_MESSAGES.imageRequired);
    else setError(null);
  };

  const patchItem = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((prev) => prev.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  }, []);

  const start = async () => {
    const sendable = items.filter((i) => i.status === 'ready' || i.status === 'failed' || i.status === 'cancelled');
    // Every chosen file was left out as already in the gallery: keep saying so, not 'Image is required'.
    if (!items.length) return setError(error === GALLERY_MESSAGES.duplicate ? error : GALLERY_MESSAGES.imageRequired);
    if (!sendable.length) return setError(GALLERY_MESSAGES.duplicate);
    setError(null);
    setSummary(null);
    setBusy(true);
    const controller = new AbortController();
    abortRef.current = controller;
    try {
      // The batch's latest state, kept here too, for the summary once the run is over.
      const latest = new Map(items.map((i) => [i.key, { ...i }]));
      const onItem = (key: string, patch: Partial<UploadItem>) => {
        Object.assign(latest.get(key) ?? {}, patch);
        patchItem(key, patch);
      };
      const result = await runUpload(sendable, { type, id: parentId, signal: controller.signal, onItem });
      if (result.stored) {
        await qc.invalidateQueries({ queryKey: galleryKeys.gallery(type, parentId) });
        onUploaded?.();
      }
      if (result.cancelled) {
        setItems((prev) =>
          prev.map((i) =>
            i.status === 'uploading' || i.status === 'processing' || i.status === 'hashing'
              ? { ...i, status: 'cancelled', progress: 0 }
              : i,
          ),
        );
        setInfo('Upload cancelled. Choose the same files again to send only the missing ones.');
        return;
      }
      const clean = !result.skipped && !result.refused && !result.failed;
      if (result.stored && clean) {
        notify(GALLERY_MESSAGES.uploaded, 'success');
        // A moment at 100% so the finished batch is seen, then the dialog closes.
        closeTimer.current = window.setTimeout(() => {
          reset();
          onClose();
        }, DONE_CLOSE_MS);
        return;
      }
      if (result.allDuplicates) {
        setError(GALLERY_MESSAGES.duplicate);
        notify(GALLERY_MESSAGES.duplicate, 'error');
      }
      // Anything else stays open with a summary that names every file left out and why.
      const text = uploadSummary([...latest.values()]);
      setSummary({ text, severity: result.stored ? 'success' : result.refused || result.failed ? 'error' : 'warning' });
      if (result.stored) notify(text, 'success');
      else if (!result.allDuplicates) notify(GALLERY_MESSAGES.uploadFailed, 'error');
    } catch {
      notify(GALLERY_MESSAGES.uploadFailed, 'error');
    } finally {
      abortRef.current = null;
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy && e.dataTransfer.files.length) addFiles(e.dataTransfer.files);
  };

  const percent = overallProgress(items);
  const answered = answeredProgress(items);
  const counts = items.reduce<Record<UploadStatus, number>>((acc, i) => ((acc[i.status] += 1), acc), {
    ready: 0,
    hashing: 0,
    uploading: 0,
    processing: 0,
    done: 0,
    skipped: 0,
    refused: 0,
    failed: 0,
    cancelled: 0,
  });
  const started = busy || items.some((i) => i.status !== 'ready');
  // Only network/server failures and cancelled files can be sent again; refused files never.
  const retryable = counts.failed + counts.cancelled;
  const sendable = counts.ready + retryable;
  const phase = counts.hashing
    ? 'Checking the photos'
    : counts.uploading
      ? `Sending ${percent}%`
      : counts.processing
        ? `Processing on the server · ${counts.done} of ${items.length - counts.skipped} stored`
        : null;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId} sx={{ pr: 6 }}>
        {name ? `Upload photos to ${name}` : 'Upload photos'}
        <IconButton aria-label="Close" onClick={close} disabled={busy} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: error ? 'error.main' : dragging ? 'primary.main' : 'divider',
            bgcolor: dragging ? 'action.hover' : 'transparent',
            borderRadius: 2,
            p: 3,
            textAlign: 'center',
            transition: 'border-color .15s, background-color .15s',
          }}
        >
          <CloudUploadOutlinedIcon color="action" sx={{ fontSize: 40 }} aria-hidden />
          <Typography sx={{ mt: 1 }}>Drag photos here, or</Typography>
          <Button variant="outlined" sx={{ mt: 1 }} onClick={() => inputRef.current?.click()} disabled={busy}>
            Choose photos
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            .jpg, .jpeg or .png; several at once
          </Typography>
          <input
            ref={inputRef}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            hidden
            aria-label="Gallery images"
            data-testid="gallery-file-input"
            onChange={(e) => {
              if (e.target.files) addFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </Box>
        {error && (
          <FormHelperText error role="alert" sx={{ mt: -1 }}>
            {error}
          </FormHelperText>
        )}
        {info && <Alert severity="info">{info}</Alert>}

        {items.length > 0 && (
          <>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                {items.length} photo{items.length === 1 ? '' : 's'}
                {started
                  ? ` · ${counts.done} uploaded${counts.skipped ? ` · ${counts.skipped} skipped` : ''}${counts.refused ? ` · ${counts.refused} refused` : ''}${counts.failed ? ` · ${counts.failed} failed` : ''}`
                  : ''}
              </Typography>
              {started && (
                <Typography variant="subtitle2" aria-live="polite" data-testid="upload-overall">
                  {percent}%
                </Typography>
              )}
            </Stack>
            {busy && phase && (
              <Typography variant="caption" color="text.secondary" aria-live="polite" data-testid="upload-phase" sx={{ mt: -1.5 }}>
                {phase}
              </Typography>
            )}
            {/* The light part is what was sent, the solid part what the server has stored. */}
            {started && <LinearProgress variant="buffer" value={answered} valueBuffer={percent} aria-label="Overall upload progress" />}
            {summary && !busy && (
              <Alert severity={summary.severity} data-testid="upload-summary">
                {summary.text}
              </Alert>
            )}
            <List dense disablePadding sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {items.map((item) => (
                <ListItem
                  key={item.key}
                  divider
                  data-testid="upload-item"
                  secondaryAction={
                    !started || item.status === 'ready' ? (
                      <Tooltip title="Remove">
                        <IconButton
                          edge="end"
                          aria-label={`Remove ${item.file.name}`}
                          disabled={busy}
                          onClick={() => setItems((prev) => prev.filter((i) => i.key !== item.key))}
                        >
                          <CloseIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : undefined
                  }
                  sx={{ gap: 1.5, pr: 7 }}
                >
                  <Box
                    component="img"
                    src={preview(item)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 0.5, flexShrink: 0, bgcolor: 'action.hover' }}
                  />
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} title={item.file.name}>
                        {item.file.name}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatSize(item.file.size)}
                      </Typography>
                      <StatusChip status={item.status} />
                    </Stack>
                    {item.status === 'uploading' && (
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <LinearProgress
                          variant="determinate"
                          value={item.progress}
                          sx={{ flex: 1, height: 4, borderRadius: 2 }}
                          aria-label={`${item.file.name} progress`}
                        />
                        <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>
                          {item.progress}%
                        </Typography>
                      </Stack>
                    )}
                    {item.message && (
                      <Typography
                        variant="caption"
                        color={item.status === 'failed' || item.status === 'refused' ? 'error' : 'text.secondary'}
                      >
                        {item.message}
                      </Typography>
                    )}
                  </Box>
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        {busy ? (
          <Button color="warning" onClick={() => abortRef.current?.abort()}>
            Cancel upload
          </Button>
        ) : (
          <Button onClick={close}>{started ? 'Close' : 'Cancel'}</Button>
        )}
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={busy || (started && !sendable && items.length > 0)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label="Uploading" /> : <CloudUploadOutlinedIcon />}
        >
          {retryable && !busy ? 'Retry failed' : 'Upload'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function StatusChip({ status }: { status: UploadStatus }) {
  if (status === 'ready') return null;
  const color =
    status === 'done'
      ? 'success'
      : status === 'failed' || status === 'refused'
        ? 'error'
        : status === 'skipped' || status === 'cancelled'
          ? 'warning'
          : 'info';
  const icon = status === 'done' ? <CheckCircleIcon /> : status === 'failed' || status === 'refused' ? <ErrorOutlineIcon /> : undefined;
  return <Chip size="small" variant="outlined" color={color} icon={icon} label={STATUS_TEXT[status]} />;
}
