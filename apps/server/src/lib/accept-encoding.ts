import type { FastifyRequest } from 'fastify';
import { BoundedMap } from './bounded-map';

/** The encodings our prepared answers come in. */
export type PreparedEncoding = 'br' | 'gzip';

/** Whether an `Accept-Encoding` value accepts `name` (listed, and not with q=0). */
function accepts(header: string, name: PreparedEncoding): boolean {
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    if (token!.trim().toLowerCase() !== name) return false;
    const q = params.find((p) => p.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}

/**
 * What each `Accept-Encoding` value lately seen accepts: browsers send a handful of values over
 * and over, and parsing one (splits, trims, a string per part) on every cached answer showed as
 * garbage to collect. Bounded, so made-up values cost only their own parse.
 */
const accepted = new BoundedMap<string, Record<PreparedEncoding, boolean>>(256);

/** Whether the request accepts answers in `name`, as its `Accept-Encoding` says (q=0 refuses). */
export function acceptsEncoding(request: FastifyRequest, name: PreparedEncoding): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  const text = String(header);
  let known = accepted.get(text);
  if (!known) accepted.set(text, (known = { br: accepts(text, 'br'), gzip: accepts(text, 'gzip') }));
  return known[name];
}
