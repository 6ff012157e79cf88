import { useId, useRef } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { PersonCreated } from '@darkroom/contracts';
import { copyText } from '../../components/copy-text';
import { useNotify } from '../../components/notify';
import { personName } from '../../components/format';

/** Shows a new admin's temporary password once, with a copy button (customers get none: they never sign in). */
export function TemporaryPasswordDialog({ created, onClose }: { created: PersonCreated; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const passwordRef = useRef<HTMLElement>(null);

  const copy = async () => {
    const ok = await copyText(created.temporary_password, passwordRef.current);
    notify(ok ? 'Password copied' : 'Could not copy: select the password and copy it', ok ? 'info' : 'warning');
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Temporary password</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          The portal password of {personName(created)} (username <strong>{created.username}</strong>). It is shown only this once.
        </Typography>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            p: 1.5,
            pl: 2,
            borderRadius: 1,
            bgcolor: 'action.hover',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Box
            component="code"
            ref={passwordRef}
            data-testid="temporary-password"
            sx={{
              flex: 1,
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              fontSize: 18,
              letterSpacing: 1,
              userSelect: 'all',
            }}
          >
            {created.temporary_password}
          </Box>
          <Tooltip title="Copy password">
            <IconButton aria-label="Copy password" onClick={() => void copy()}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
        <Alert severity={created.email_sent ? 'info' : 'warning'} sx={{ mt: 2 }}>
          {created.email_sent
            ? `A welcome e-mail with the username went to ${created.email}. Passwords are never e-mailed: pass it on yourself.`
            : `The welcome e-mail to ${created.email} could not be sent. Pass on the username and this password yourself.`}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
