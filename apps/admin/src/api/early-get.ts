/**
 * GET requests sent before the code that reads them has loaded: the portal opened on a screen asks
 * for that screen's first data while React, MUI and the screen's own code are still on their way
 * (`app/early-start.ts`), and the API client takes the answer instead of asking again. Each answer
 * is taken once, only with the same credentials, and only while fresh; an answer never taken is
 * simply dropped.
 */
const FRESH_MS = 10_000;

interface Sent {
  authorization: string;
  at: number;
  response: Promise<Response>;
}

const sent = new Map<string, Sent>();

export function sendEarlyGet(path: string, authorization: string): void {
  const response = fetch(path, { headers: { Accept: 'application/json', Authorization: authorization } });
  // A failure is met, and reported, by the call that takes it.
  response.catch(() => undefined);
  sent.set(path, { authorization, at: Date.now(), response });
}

/** The answer to an early GET of `path` sent with these credentials, once; else undefined. */
export function takeEarlyGet(path: string, authorization: string | undefined): Promise<Response> | undefined {
  const early = sent.get(path);
  if (!early) return undefined;
  sent.delete(path);
  if (early.authorization !== authorization || Date.now() - early.at > FRESH_MS) return undefined;
  return early.response;
}
