import type { DetailedError, Upload } from 'tus-js-client';
import { COMMON_MESSAGES } from '@darkroom/contracts';
import { ApiError, authHeaders, renewSession, type UploadHandle } from './client';

export interface ResumableOptions {
  /** The creation URL (tus endpoint). */
  endpoint: string;
  metadata: Record<string, string>;
  /**
   * Names this file's upload among the browser's stored ones: the same key finds the upload an
   * earlier attempt left (a cut connection, a closed tab) and resumes it where the server stopped.
   */
  key: string;
  onProgress?: (percent: number) => void;
}

/**
 * Waits between tus-js-client's own attempts, each resuming from the server's offset: a short
 * network cut is bridged without the caller seeing it. Kept short, as the caller's own attempts
 * (the upload queue's) come on top, and a file that still fails is offered to 'Retry failed'.
 */
const RETRY_DELAYS = [1000, 3000];

function toApiError(err: Error | DetailedError): ApiError {
  const response = 'originalResponse' in err ? err.originalResponse : null;
  if (!response) return new ApiError(0, { detail: COMMON_MESSAGES.serverError });
  const text = response.getBody();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // A plain-text answer (a proxy's page) stays as it is.
  }
  return new ApiError(response.getStatus(), body);
}

/**
 * Uploads a file with the tus protocol (tus-js-client, loaded on first use so only pages that
 * upload carry it). Resolves with the JSON the server answered once the last byte arrived. A 401
 * asks the admin to sign in again, then resumes.
 */
export function resumableUpload<T>(file: File, opts: ResumableOptions): UploadHandle<T> {
  let upload: Upload | null = null;
  let cancel: (() => void) | null = null;
  let aborted = false;
  const promise = (async () => {
    const tus = await import('tus-js-client');
    return new Promise<T>((resolve, reject) => {
      cancel = () => reject(new DOMException('Upload cancelled', 'AbortError'));
      if (aborted) return cancel();
      const current = new tus.Upload(file, {
        endpoint: opts.endpoint,
        metadata: opts.metadata,
        fingerprint: async () => `darkroom-tus::${opts.key}::${file.size}:${file.lastModified}`,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        retryDelays: RETRY_DELAYS,
        // Read when each request leaves, so a renewed session is used from then on.
        onBeforeRequest: (req) => {
          for (const [k, v] of Object.entries(authHeaders())) req.setHeader(k, v);
        },
        onProgress: (sent, total) => opts.onProgress?.(total ? Math.round((sent / total) * 100) : 0),
        onSuccess: ({ lastResponse }) => {
          const text = lastResponse.getBody();
          // A resumed upload the server had already finished answers without a body.
          resolve((text ? JSON.parse(text) : null) as T);
        },
        onError: (err) => {
          const error = toApiError(err);
          if (error.status !== 401 || aborted) return reject(error);
          void renewSession().then((renewed) => (renewed && !aborted ? current.start() : reject(error)));
        },
      });
      upload = current;
      void current.findPreviousUploads().then((previous) => {
        if (aborted) return;
        if (previous[0]) current.resumeFromPreviousUpload(previous[0]);
        current.start();
      }, reject);
    });
  })();
  return {
    promise,
    abort: () => {
      aborted = true;
      // What was sent stays on the server until it expires: a later attempt resumes it.
      void (upload as Upload | null)?.abort(false);
      (cancel as (() => void) | null)?.();
    },
  };
}
