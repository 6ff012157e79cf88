import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { HOME_GALLERY_MESSAGES } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useNotify } from '../../components/notify';
import { useSaveHomeGalleryImage } from './api';

type State = { kind: 'waiting' } | { kind: 'uploading'; percent: number } | { kind: 'done' } | { kind: 'failed'; message: string };

interface Entry {
  key: string;
  file: File;
  state: State;
}

const keyOf = (f: File) => `${f.name}\u0000${f.size}\u0000${f.lastModified}`;
const statusText = (s: State) =>
  s.kind === 'waiting' ? 'Waiting' : s.kind === 'uploading' ? `Uploading, ${s.percent}%` : s.kind === 'done' ? 'Uploaded' : s.message;

/**
 * Many home gallery images in one dialog: each file's progress is shown, they are uploaded one
 * after another (so they go last in the order chosen) and, when "Publish" is ticked, published
 * by that same upload after one confirmation for them all. A file the server refuses keeps its
 * message in the list; "Upload" tries the ones not yet uploaded again.
 */
export function HomeGalleryUploadDialog({ onClose }: { onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const notify = useNotify();
  const save = useSaveHomeGalleryImage();
  const titleId = useId();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [publish, setPublish] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [empty, setEmpty] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const pending = entries.filter((e) => e.state.kind !== 'done');

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    setEntries((old) => {
      const known = new Set(old.map((x) => x.key));
      const added = files.filter((f) => !known.has(keyOf(f)) && known.add(keyOf(f)));
      return [...old, ...added.map((file) => ({ key: keyOf(file), file, state: { kind: 'waiting' } as State }))];
    });
    if (files.length) setEmpty(false);
  };
  const set = (key: string, state: State) => setEntries((old) => old.map((x) => (x.key === key ? { ...x, state } : x)));

  const upload = async () => {
    setConfirming(false);
    setBusy(true);
    let failed = 0;
    let lastFailure = '';
    for (const entry of pending) {
      set(entry.key, { kind: 'uploading', percent: 0 });
      try {
        await save.mutateAsync({
          values: { name: entry.file.name, cover_image: entry.file, ...(publish && { status: true }) },
          onProgress: (percent) => set(entry.key, { kind: 'uploading', percent: Math.round(percent) }),
        });
        set(entry.key, { kind: 'done' });
      } catch (err) {
        failed++;
        const message = failureMessage(err, {
          fallback: HOME_GALLERY_MESSAGES.createFailed,
          fields: ['cover_image', 'name'],
          serverFault: 'generic',
        });
        lastFailure = message;
        set(entry.key, { kind: 'failed', message });
      }
    }
    setBusy(false);
    if (failed) {
      notify(failed === 1 ? lastFailure : `${failed} gallery images were not uploaded`);
      return;
    }
    notify(pending.length === 1 ? HOME_GALLERY_MESSAGES.created : `${pending.length} gallery images successfully uploaded`, 'success');
    onClose();
  };
  const submit = () => {
    if (!pending.length) {
      setEmpty(true);
      return;
    }
    if (publish) setConfirming(true);
    else void upload();
  };

  const count = pending.length;
  return (
    <>
      <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>Upload gallery images</DialogTitle>
        <DialogContent dividers>
          <DialogContentText sx={{ mb: 2 }}>
            Choose one or more JPEG or PNG images; each file's name becomes its image name. They are added after the gallery's last image.
          </DialogContentText>
          <Button variant="outlined" startIcon={<AddPhotoAlternateOutlinedIcon />} disabled={busy} onClick={() => input.current?.click()}>
            Choose images
          </Button>
          <input ref={input} hidden type="file" multiple accept="image/jpeg,image/png" onChange={choose} aria-label="Gallery images" />
          {empty && (
            <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
              {HOME_GALLERY_MESSAGES.imageRequired}
            </Typography>
          )}
          {entries.length > 0 && (
            <Box component="ul" aria-label="Chosen images" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
              {entries.map(({ key, file, state }) => (
                <Box component="li" key={key} data-testid="upload-entry" sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {file.name}
                    </Typography>
                    <Typography
                      variant="caption"
                      color={state.kind === 'failed' ? 'error' : state.kind === 'done' ? 'success.main' : 'text.secondary'}
                      data-testid="upload-state"
                    >
                      {statusText(state)}
                    </Typography>
                    {!busy && state.kind !== 'done' && (
                      <IconButton
                        size="small"
                        aria-label={`Remove ${file.name}`}
                        onClick={() => setEntries((old) => old.filter((x) => x.key !== key))}
                      >
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    )}
                  </Box>
                  <LinearProgress
                    variant="determinate"
                    value={state.kind === 'done' ? 100 : state.kind === 'uploading' ? state.percent : 0}
                    color={state.kind === 'failed' ? 'error' : state.kind === 'done' ? 'success' : 'primary'}
                    aria-label={`${file.name}: upload progress`}
                    sx={{ mt: 0.5 }}
                  />
                </Box>
              ))}
            </Box>
          )}
          <FormControlLabel
            sx={{ mt: 2, display: 'flex' }}
            control={<Checkbox checked={publish} onChange={(e) => setPublish(e.target.checked)} disabled={busy} />}
            label="Publish them on the home page"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={submit} disabled={busy}>
            {count > 1 ? `Upload ${count} images` : 'Upload'}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title="Confirm publish"
        confirmLabel="Publish"
        detail={`${count} ${count === 1 ? 'image' : 'images'} will be uploaded and shown in the home page gallery.`}
        onConfirm={() => void upload()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
