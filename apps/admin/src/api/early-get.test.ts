import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, servicesApi } from '@darkroom/contracts';
import { FIRST_GET } from '../app/early-start';
import { api } from './client';
import { sendEarlyGet } from './early-get';

const PATH = '/adminportal/manage-services/';

/** A fake server answering every GET with a numbered list; records each call's path and token. */
function serve() {
  const calls: { path: string; authorization: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    calls.push({ path: String(input), authorization: new Headers(init?.headers).get('Authorization') });
    return Response.json([{ answer: calls.length }]);
  });
  return calls;
}

function signIn(token: string) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ isLoggedIn: true, authToken: token, maxTimeOut: Date.now() + 3_600_000 }));
}

describe('early GET of the first screen', () => {
  beforeEach(() => signIn('abc'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('answers the first call for its path, once, without asking again', async () => {
    const calls = serve();
    sendEarlyGet(PATH, 'Token abc');
    expect(await api.get(PATH)).toEqual([{ answer: 1 }]);
    expect(calls).toEqual([{ path: PATH, authorization: 'Token abc' }]);
    // Taken once: the next call asks the server.
    expect(await api.get(PATH)).toEqual([{ answer: 2 }]);
    expect(calls).toHaveLength(2);
  });

  it('is not used by a call for another path, another method or other credentials', async () => {
    const calls = serve();
    sendEarlyGet(PATH, 'Token abc');
    expect(await api.get('/adminportal/manage-about/')).toEqual([{ answer: 2 }]);
    await api.post(PATH, {});
    signIn('other');
    expect(await api.get(PATH)).toEqual([{ answer: 4 }]);
    expect(calls.at(-1)).toEqual({ path: PATH, authorization: 'Token other' });
    // Dropped once passed over: signed in as 'abc' again, the server is asked.
    signIn('abc');
    expect(await api.get(PATH)).toEqual([{ answer: 5 }]);
  });

  it('is not used once stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const calls = serve();
    sendEarlyGet(PATH, 'Token abc');
    vi.setSystemTime(Date.now() + 11_000);
    expect(await api.get(PATH)).toEqual([{ answer: 2 }]);
    expect(calls).toHaveLength(2);
  });

  it('asks for what the screens ask for first', () => {
    // app/routes.tsx prefetches these endpoints' answers for these screens.
    expect(FIRST_GET).toEqual({ '/portfolio': servicesApi.list.path });
  });
});
