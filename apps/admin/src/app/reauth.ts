import { readSession } from './session';

/**
 * When a call answers 401 mid-work, the portal asks for the password in place (a dialog) and
 * retries the call, instead of dropping what was typed. The dialog registers itself here; every
 * call that meets a 401 while it is open waits on the same answer.
 */
type Prompt = () => Promise<boolean>;
let prompt: Prompt | null = null;
let pending: Promise<boolean> | null = null;

export function setReauthPrompt(next: Prompt | null): void {
  prompt = next;
}

/** Resolves true once the admin signed in again (retry the call), false when they gave up. */
export function reauthenticate(): Promise<boolean> {
  if (!prompt || !readSession({ ignoreExpiry: true })) return Promise.resolve(false);
  pending ??= prompt().finally(() => {
    pending = null;
  });
  return pending;
}
