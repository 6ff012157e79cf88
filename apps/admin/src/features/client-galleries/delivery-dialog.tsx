import { useId, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { CLIENT_GALLERY_PUBLISH_LABEL, DELIVERY_MESSAGES, publishMessages, type ClientGallery } from '@darkroom/contracts';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DISCARD_TITLE } from '../../components/form-dialog';
import { copyText } from '../../components/copy-text';
import { useNotify } from '../../components/notify';
import { clientGalleryFailure, usePublishClientGallery, useRegenerateDelivery } from './api';
import { DeliveryActivity } from './delivery-activity';
import { DeliverySettings } from './delivery-settings';
import { deliveryLink, DELIVERY_TEXT } from './delivery-text';
import { SendDeliveryDialog } from './send-delivery-dialog';

export interface DeliveryDialogProps {
  /** The gallery as the list last answered it (refreshed after every change). */
  gallery: ClientGallery;
  onClose: () => void;
}

/**
 * The studio's side of a client gallery's delivery: its private link (copy, open, revoke and
 * replace, send to the customer), who may open it and until when, and what the customer did.
 */
export function DeliveryDialog({ gallery, onClose }: DeliveryDialogProps) {
  const titleId = useId();
  const linkHeadingId = useId();
  const notify = useNotify();
  const regenerate = useRegenerateDelivery();
  const publish = usePublishClientGallery();
  const linkInput = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  // Unsaved access settings are never thrown away without asking.
  const close = () => (dirty ? setAsking(true) : onClose());
  const url = deliveryLink(gallery.delivery_url);

  const copy = async () => {
    const ok = await copyText(url, linkInput.current);
    notify(ok ? DELIVERY_TEXT.linkCopied : DELIVERY_TEXT.copyFailed, ok ? 'info' : 'warning');
  };

  const renew = async () => {
    try {
      await regenerate.mutateAsync(gallery.id);
      notify(DELIVERY_MESSAGES.linkRegenerated, 'success');
    } catch (err) {
      notify(clientGalleryFailure(err, DELIVERY_TEXT.regenerateFailed, []), 'error');
    } finally {
      setConfirming(false);
    }
  };

  // The link answers 'not found' until the gallery is published: sending it is offered only then,
  // and publishing is a button here (the server refuses to send an unpublished gallery).
  const publishNow = async () => {
    const messages = publishMessages(CLIENT_GALLERY_PUBLISH_LABEL);
    try {
      await publish.mutateAsync({ id: gallery.id, status: true });
      notify(messages.published, 'success');
    } catch (err) {
      notify(clientGalleryFailure(err, messages.publishFailed, []), 'error');
    }
  };

  return (
    <>
      <Dialog open onClose={(_event, reason) => reason !== 'backdropClick' && close()} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId} sx={{ pr: 6, overflowWrap: 'anywhere' }}>
          Delivery: {gallery.title}
          <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Box component="section" aria-labelledby={linkHeadingId}>
            <Typography id={linkHeadingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
              Private link
            </Typography>
            {!gallery.status && (
              <Alert
                severity="info"
                sx={{ mb: 1.5 }}
                action={
                  <Button color="inherit" size="small" disabled={publish.isPending} onClick={() => void publishNow()}>
                    Publish
                  </Button>
                }
              >
                {DELIVERY_TEXT.unpublished}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                label="Delivery link"
                value={url}
                inputRef={linkInput}
                size="small"
                fullWidth
                onFocus={(e) => e.target.select()}
                slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
              />
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} aria-label="Copy link">
                  Copy
                </Button>
                <Button
                  component="a"
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  startIcon={<OpenInNewIcon />}
                  aria-label="Open link in a new tab"
                >
                  Open
                </Button>
              </Stack>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
              {gallery.status && (
                <Button variant="contained" startIcon={<SendOutlinedIcon />} onClick={() => setSending(true)}>
                  Send to customer
                </Button>
              )}
              <Button color="error" startIcon={<AutorenewIcon />} onClick={() => setConfirming(true)}>
                Revoke and make a new link
              </Button>
            </Stack>
          </Box>
          <Divider />
          <DeliverySettings gallery={gallery} onDirtyChange={setDirty} />
          <Divider />
          <DeliveryActivity id={gallery.id} />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={close}>Done</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={DELIVERY_TEXT.regenerateTitle}
        detail={DELIVERY_TEXT.regenerateDetail}
        confirmLabel={DELIVERY_TEXT.regenerateConfirm}
        busy={regenerate.isPending}
        onConfirm={renew}
        onClose={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={asking}
        title={DISCARD_TITLE}
        detail="The access settings you changed are not saved."
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
      />
      {sending && gallery.status && <SendDeliveryDialog gallery={gallery} onClose={() => setSending(false)} />}
    </>
  );
}
