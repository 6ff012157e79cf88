import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { AUTH_MESSAGES, authApi } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { call } from '../../api/endpoints';
import { readSession, writeSession } from '../session';
import { PendingSubmitButton } from '../../components/pending-submit-button';

/**
 * The password prompt itself (loaded the first time a session ends mid-work, not with the shell):
 * signing in again answers true, 'Sign out' false. Mounted afresh for each prompt, so it opens empty.
 */
export default function ReauthForm({ open, onFinish }: { open: boolean; onFinish: (ok: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const username = readSession({ ignoreExpiry: true })?.userDetail.username ?? '';
  const finish = onFinish;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError(AUTH_MESSAGES.passwordRequired);
    setBusy(true);
    setError(null);
    try {
      const res = await call(authApi.login, { body: { username, password } });
      writeSession({ isLoggedIn: true, userDetail: res.userDetails, authToken: res.authToken, maxTimeOut: res.maxTimeOut });
      finish(true);
    } catch (err) {
      setError(failureMessage(err, { fallback: AUTH_MESSAGES.loginFailed, badRequest: AUTH_MESSAGES.mismatch }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Your session has expired</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Enter the password for {username} to carry on. Nothing you typed is lost: the last action is sent again.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            fullWidth
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => finish(false)} disabled={busy}>
            Sign out
          </Button>
          <PendingSubmitButton pending={busy}>Sign in</PendingSubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
