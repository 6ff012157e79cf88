/// <reference types="vite/client" />
import { fillPath, type EndpointSpec, type ParamsInputOf, type ResponseOf } from '@darkroom/contracts';
import { downloadFile, request, upload, type Body, type UploadHandle } from './client';

/**
 * Fetchers built from the endpoint declarations in contracts: the method and path come from the
 * same object the server registers its route from, and the answer's type from its response
 * schema, so the portal never spells a path or a shape a second time.
 */

type ParamsArg<E extends EndpointSpec> = E['params'] extends object ? { params: ParamsInputOf<E> } : { params?: undefined };

type Query = Record<string, string | number | undefined>;

export type CallInput<E extends EndpointSpec> = ParamsArg<E> & {
  query?: Query;
  body?: Body;
  signal?: AbortSignal;
};

/** The URL of an endpoint with its path parameters and query filled in. */
export function urlOf<E extends EndpointSpec>(ep: E, params?: Record<string, string | number>, query?: Query): string {
  const path = fillPath(ep.path, params);
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/** An answer that does not match its endpoint's response schema. */
export class ContractError extends Error {
  constructor(
    readonly endpoint: string,
    readonly issues: unknown,
  ) {
    super(`The answer of ${endpoint} does not match its declaration`);
  }
}

/**
 * The answer read through the endpoint's response schema, so what the portal holds is what the
 * contracts declare (typed and checked, never cast). A mismatch throws in development and tests,
 * where contract drift must be seen; a built portal logs it and keeps the answer as sent, so one
 * unusual stored row never blanks a screen.
 */
export function checked<E extends EndpointSpec>(ep: E, data: unknown): ResponseOf<E> {
  if (!ep.response) return null as ResponseOf<E>;
  const result = ep.response.safeParse(data);
  if (result.success) return result.data as ResponseOf<E>;
  const error = new ContractError(`${ep.method} ${ep.path}`, result.error.issues);
  if (import.meta.env.DEV) throw error;
  console.error(error.message, result.error.issues);
  return data as ResponseOf<E>;
}

/** Calls an endpoint with a JSON or form body. */
export async function call<E extends EndpointSpec>(ep: E, input: CallInput<E> = {} as CallInput<E>): Promise<ResponseOf<E>> {
  const params = input.params as Record<string, string | number> | undefined;
  return checked(ep, await request<unknown>(ep.method, urlOf(ep, params, input.query), input.body, input.signal));
}

/** Sends a multipart body with upload progress (0-100). */
export function send<E extends EndpointSpec>(
  ep: E,
  input: ParamsArg<E> & { form: FormData; onProgress?: (percent: number) => void },
): UploadHandle<ResponseOf<E>> {
  const params = input.params as Record<string, string | number> | undefined;
  const handle = upload<unknown>(ep.method, urlOf(ep, params), input.form, input.onProgress);
  return { promise: handle.promise.then((data) => checked(ep, data)), abort: handle.abort };
}

/** Downloads what a `binary` endpoint answers, as `filename`. */
export function download<E extends EndpointSpec>(ep: E, input: ParamsArg<E> & { filename: string }): Promise<void> {
  return downloadFile(urlOf(ep, input.params as Record<string, string | number> | undefined), input.filename);
}
