import { lazy, useEffect, useRef, useState } from 'react';
import { LazyMount } from '../../components/lazy-mount';
import { setReauthPrompt } from '../reauth';

const loadForm = () => import('./reauth-form');
const ReauthForm = lazy(loadForm);

/**
 * Asks for the password when the session ended mid-work; signing in again retries the calls that
 * met the 401, so a form being filled keeps everything typed. 'Sign out' gives up (to /login,
 * which returns to this page after signing in). The prompt is registered with the shell; its
 * dialog's code (form field, sign-in call) loads the first time it is needed.
 */
export function ReauthDialog() {
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const settle = useRef<((ok: boolean) => void) | null>(null);

  useEffect(() => {
    setReauthPrompt(
      () =>
        new Promise<boolean>((resolve) => {
          // The dialog's code first; if it cannot load (a deploy replaced it), give up as 'Sign out' does.
          loadForm().then(
            () => {
              settle.current = resolve;
              setRound((r) => r + 1);
              setOpen(true);
            },
            () => resolve(false),
          );
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

  return (
    <LazyMount when={open}>
      <ReauthForm key={round} open={open} onFinish={finish} />
    </LazyMount>
  );
}
