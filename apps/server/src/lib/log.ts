import { pino, type Logger } from 'pino';

/** Header and body fields that must never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password2',
  '*.old_password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.authToken',
];

/** Path prefixes whose next segment is a credential itself (client delivery links). */
const SECRET_PREFIXES = ['/g/', '/site/galleries/'];

/**
 * The URL with every delivery token replaced by `[token]`. By hand rather than a global
 * RegExp replace: it runs on every request's log line, and the replace was 2% of a cached answer.
 */
export function maskUrl(url: string): string {
  let out = url;
  for (const prefix of SECRET_PREFIXES) {
    let from = 0;
    for (;;) {
      const at = out.indexOf(prefix, from);
      if (at < 0) break;
      const start = at + prefix.length;
      let end = start;
      while (end < out.length && out[end] !== '/' && out[end] !== '?' && out[end] !== '#') end++;
      if (end > start) out = `${out.slice(0, start)}[token]${out.slice(end)}`;
      from = start;
    }
  }
  return out;
}

interface LoggableError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  query?: string;
  cause?: LoggableError;
}

/** Drizzle puts the parameters into the message itself ("Failed query: ... params: ..."). */
const withoutParams = (text: string) => text.replace(/\nparams:[\s\S]*?(\n\s+at |$)/, '$1');

/**
 * Errors as logged: type, code, message, stack and (for database errors) the SQL text, but never
 * its parameter values nor PostgreSQL's `detail`, which quote the very values a query carried
 * (hashes, e-mail addresses).
 */
export function safeError(err: unknown, depth = 0): LoggableError | unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { code?: unknown; query?: unknown; cause?: unknown };
  const out: LoggableError = { type: e.name, message: withoutParams(e.message) };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.query === 'string') out.query = e.query;
  if (e.stack) out.stack = withoutParams(e.stack);
  if (e.cause instanceof Error && depth < 3) out.cause = safeError(e.cause, depth + 1) as LoggableError;
  return out;
}

/** The process's logger: secrets redacted, errors reduced to what is safe to keep. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      err: safeError,
      error: safeError,
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: req.url ? maskUrl(req.url) : req.url,
        ip: req.ip,
      }),
    },
  };
  return pino(options, destination ?? bufferedStdout());
}

/** What the one line per completed request says (see http/request-log.ts). */
export interface CompletedRequest {
  reqId: string;
  method: string;
  url: string;
  ip: string | undefined;
  statusCode: number;
  responseTime: number;
}

const json = (v: string | undefined) => (v === undefined ? 'null' : JSON.stringify(v));

/**
 * Writes request-completed lines for `logger` straight to its destination, in pino's own format
 * (level, time, the logger's bindings, then the fields), with the URL masked. Through pino, the
 * line (an object, its serializers, then generic stringifying) was 8% of a cached page's time;
 * here it is one template. Null for a logger this cannot write for (not pino's, or a destination
 * that wants pino's metadata), which then logs through pino as before.
 */
export function completionLineWriter(logger: unknown): ((line: CompletedRequest) => void) | null {
  const l = logger as Logger & Record<symbol, unknown>;
  const stream = l[pino.symbols.streamSym] as (pino.DestinationStream & Record<symbol, unknown>) | undefined;
  const bindings = l[pino.symbols.chindingsSym];
  if (!stream || typeof bindings !== 'string' || stream[pino.symbols.needsMetadataGsym] || typeof l.isLevelEnabled !== 'function')
    return null;
  return (r) => {
    if (!l.isLevelEnabled('info')) return;
    stream.write(
      `{"level":30,"time":${Date.now()}${bindings},"reqId":${json(r.reqId)},"req":{"method":${json(r.method)},"url":${json(maskUrl(r.url))},"ip":${json(r.ip)}},"res":{"statusCode":${r.statusCode}},"responseTime":${r.responseTime},"msg":"request completed"}\n`,
    );
  };
}

/**
 * Standard output written in batches (4 KB, or at least every second) rather than one write per
 * line: with a line per request, the writes were 6% of a cached page's time. Writes stay
 * synchronous (less work than handing each batch to the thread pool); what is buffered is
 * written on exit, a crash included, so only a SIGKILL can lose the last second.
 */
let stdout: (pino.DestinationStream & { flushSync(): void }) | undefined;
function bufferedStdout(): pino.DestinationStream {
  // One stream per process, whatever number of loggers (tests build many).
  if (stdout) return stdout;
  stdout = pino.destination({ dest: 1, sync: true, minLength: 4096 });
  setInterval(flushStdout, 1000).unref();
  process.once('exit', flushStdout);
  return stdout;
}

/** Writes what standard output holds now (the start-up lines, so they show at once). */
export function flushStdout(): void {
  try {
    stdout?.flushSync();
  } catch {
    // Standard output closed: nothing can be written any more.
  }
}
