import { authApi, COMMON_MESSAGES, type FieldErrors } from '@darkroom/contracts';
import { reauthenticate } from '../app/reauth';
import { authorizationOf, clearSession, readSession } from '../app/session';
import { takeEarlyGet } from './early-get';

/** A failed call: status 0 means the network failed before any answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : `HTTP ${status}`);
  }
  /** Field errors of a 400, or an empty object. */
  get fields(): FieldErrors {
    if (this.status !== 400 || !this.body || typeof this.body !== 'object') return {};
    const out: FieldErrors = {};
    for (const [k, v] of Object.entries(this.body as Record<string, unknown>)) {
      if (Array.isArray(v)) out[k] = v.map(String);
      else if (typeof v === 'string') out[k] = [v];
    }
    return out;
  }
}

/**
 * A request answered 401: the session is over. The admin is asked for the password in place
 * (see app/reauth.ts); true means they signed in again and the call is sent once more. When they
 * give up, the session is cleared and the admin layout routes to /login, remembering the page.
 */
export async function renewSession(): Promise<boolean> {
  if (await reauthenticate()) return true;
  clearSession();
  return false;
}
const isLogin = (path: string) => path === authApi.login.path;

export type Body = FormData | Record<string, unknown> | undefined;

export function authHeaders(): Record<string, string> {
  const session = readSession();
  return session ? { Authorization: authorizationOf(session) } : {};
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T>(method: string, path: string, body?: Body, signal?: AbortSignal, retried = false): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  // The first screen's data may have been asked for before this code loaded (api/early-get.ts).
  const early = method === 'GET' && !retried ? takeEarlyGet(path, headers.Authorization) : undefined;
  let res: Response;
  try {
    res = await (early ?? fetch(path, { method, headers, body: payload, signal }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, { detail: COMMON_MESSAGES.serverError });
  }
  const data = await parse(res);
  if (res.status === 401 && !isLogin(path) && !retried && (await renewSession())) {
    return request<T>(method, path, body, signal, true);
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string, body?: Body) => request<T>('POST', path, body),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: Body) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort(): void;
}

/** Multipart upload with progress (0-100); fetch cannot report upload progress, XHR can. */
export function upload<T>(method: string, path: string, form: FormData, onProgress?: (percent: number) => void): UploadHandle<T> {
  let current: XMLHttpRequest | null = null;
  let aborted = false;
  const send = (retried: boolean): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      current = xhr;
      xhr.open(method, path);
      for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
      };
      xhr.onload = () => {
        let data: unknown = null;
        try {
          data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          data = xhr.responseText;
        }
        if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
        const error = new ApiError(xhr.status, data);
        if (xhr.status !== 401 || retried) return reject(error);
        void renewSession().then((renewed) => {
          if (!renewed || aborted) return reject(aborted ? new DOMException('Upload cancelled', 'AbortError') : error);
          onProgress?.(0);
          send(true).then(resolve, reject);
        });
      };
      xhr.onerror = () => reject(new ApiError(0, { detail: COMMON_MESSAGES.serverError }));
      xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
      xhr.send(form);
    });
  return {
    promise: send(false),
    abort: () => {
      aborted = true;
      current?.abort();
    },
  };
}

/**
 * Fetches a guarded file (the session's header goes with it, which a plain link cannot carry) and
 * hands it to the browser as a download named `filename`.
 */
export async function downloadFile(path: string, filename: string, retried = false): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, { headers: authHeaders() });
  } catch {
    throw new ApiError(0, { detail: COMMON_MESSAGES.serverError });
  }
  if (res.status === 401 && !retried && (await renewSession())) return downloadFile(path, filename, true);
  if (!res.ok) throw new ApiError(res.status, await parse(res));
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has handed the blob to the browser's download by the next turn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Builds a FormData from plain values, leaving out undefined and empty files. */
export function toFormData(values: Record<string, string | number | boolean | Blob | null | undefined>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    if (v instanceof Blob) {
      if (v.size > 0) fd.append(k, v, v instanceof File ? v.name : `${k}.jpg`);
    } else fd.append(k, String(v));
  }
  return fd;
}
