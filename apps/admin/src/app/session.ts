import { SESSION_STORAGE_KEY, type StoredSession, type UserDetails } from '@darkroom/contracts';

// The stored text's last parse: every API call and every render of a signed-in screen reads the
// session, and parsing the same text again each time showed in the first screen's profile.
let parsed: { raw: string; session: StoredSession } | null = null;

/** The session lives in localStorage under 'user', as the spec describes. */
export function readSession({ ignoreExpiry = false }: { ignoreExpiry?: boolean } = {}): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    if (parsed?.raw !== raw) parsed = { raw, session: JSON.parse(raw) as StoredSession };
    const s = parsed.session;
    if (!s?.authToken || !s.isLoggedIn) return null;
    if (!ignoreExpiry && s.maxTimeOut && s.maxTimeOut <= Date.now()) return null;
    return s;
  } catch {
    return null;
  }
}

/** The Authorization header value a session's calls carry. */
export const authorizationOf = (session: StoredSession): string => `Token ${session.authToken}`;

export function writeSession(session: StoredSession): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  window.dispatchEvent(new Event('darkroom:session'));
}

export function updateSessionUser(user: UserDetails): void {
  const s = readSession();
  if (s) writeSession({ ...s, userDetail: user });
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  window.dispatchEvent(new Event('darkroom:session'));
}
