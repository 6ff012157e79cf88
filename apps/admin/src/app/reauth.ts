import { readSession } from './session';

/**
 * When a call answers 401 mid-work, the portal asks for the password in place (a dialog) and
 * retries the call, instead of dropping what was typed. The dialog registers itself here; every
 * call that meets a 401 while it is open waits on the same answer.
 */
type Prompt = () => Promise<boolean>;
let prompt: Prompt | null = null;
let pending: Promise<boolean> | null = null;
let registered = false;
let markRegistered: () => void = () => {};
const firstPrompt = new Promise<void>((resolve) => (markRegistered = resolve));

export function setReauthPrompt(next: Prompt | null): void {
  prompt = next;
  if (next && !registered) {
    registered = true;
    markRegistered();
  }
}

/** Resolves true once the admin signed in again (retry the call), false when they gave up. */
export async function reauthenticate(): Promise<boolean> {
  // A screen's first data is fetched while the shell is still loading (app/routes.tsx): its 401
  // waits for the shell's prompt rather than ending the session.
  if (!registered && readSession({ ignoreExpiry: true })) await firstPrompt;
  if (!prompt || !readSession({ ignoreExpiry: true })) return false;
  pending ??= prompt().finally(() => {
    pending = null;
  });
  return pending;
}
