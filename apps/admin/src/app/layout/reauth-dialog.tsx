import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { AUTH_MESSAGES, authApi } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { call } from '../../api/endpoints';
import { setReauthPrompt } from '../reauth';
import { readSession, writeSession } from '../session';

/**
 * Asks for the password when the session ended mid-work; signing in again retries the calls that
 * met the 401, so a form being filled keeps everything typed. 'Sign out' gives up (to /login,
 * which returns to this page after signing in).
 */
export function ReauthDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((ok: boolean) => void) | null>(null);
  const titleId = useId();
  const username = readSession({ ignoreExpiry: true })?.userDetail.username ?? '';

  useEffect(() => {
    setReauthPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current = resolve;
          setPassword('');
          setError(null);
          setOpen(true);
        }),
    );
    return () => {
      setReauthPrompt(null);
      settle.current?.(false);
    };
  }, []);

  const finish = (ok: boolean) => {
    setOpen(false);
    settle.current?.(ok);
    settle.current = null;
  };

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
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Sign in
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
