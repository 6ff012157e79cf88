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

/** Printable ASCII but `"` and `\\`: a JSON string holds these as they are. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * A value as a JSON string. Request ids, methods, addresses and most paths need no escaping:
 * checking that and quoting took a third of the time of JSON.stringify on four such values.
 */
export function jsonString(v: string | undefined): string {
  if (v === undefined) return 'null';
  return PLAIN.test(v) ? `"${v}"` : JSON.stringify(v);
}

/**
 * Milliseconds to the microsecond, written from integers: printing the float itself (the
 * shortest digits that round-trip) was most of the line's cost after its write.
 */
export function milliseconds(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0';
  const us = Math.round(ms * 1000);
  const frac = us % 1000;
  const whole = (us - frac) / 1000;
  return `${whole}.${frac < 10 ? '00' : frac < 100 ? '0' : ''}${frac}`;
}

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
  // The line's start (the clock's digits and the bindings) is made once per millisecond, and the
  // masked URL and the address once per change: a busy server answers the same few URLs to the
  // same few addresses over and over, and masking and quoting them was most of the line's work.
  let ms = 0;
  let head = '';
  let url: string | undefined;
  let urlJson = '';
  let ip: string | undefined;
  let ipJson = 'null';
  return (r) => {
    if (!l.isLevelEnabled('info')) return;
    const now = Date.now();
    if (now !== ms) head = `{"level":30,"time":${(ms = now)}${bindings},"reqId":`;
    if (r.url !== url) urlJson = jsonString(maskUrl((url = r.url)));
    if (r.ip !== ip) ipJson = jsonString((ip = r.ip));
    stream.write(
      `${head}${jsonString(r.reqId)},"req":{"method":${jsonString(r.method)},"url":${urlJson},"ip":${ipJson}},"res":{"statusCode":${r.statusCode}},"responseTime":${milliseconds(r.responseTime)},"msg":"request completed"}\n`,
    );
  };
}

/**
 * Lines gathered in memory and handed to standard output 16 KB at a time (or at least every
 * second) rather than one write per line. sonic-boom's own batching appends each line to a
 * string and then measures that whole string's byte length, which copies the batch again on
 * every line: with a line per request, the log was a fifth of a cached answer's time. Here a
 * line costs one array push; the joined batch is measured and written once. Writes stay
 * synchronous (less work than handing each batch to the thread pool); what is gathered is
 * written on exit, a crash included, so only a SIGKILL can lose the last second.
 */
export class LineBatch {
  private lines: string[] = [];
  private chars = 0;

  constructor(
    private readonly out: { write(text: string): unknown; flushSync(): void },
    private readonly limit = 16384,
  ) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.limit) this.hand();
    return true;
  }

  /** Writes everything gathered, now. */
  flushSync(): void {
    this.hand();
    this.out.flushSync();
  }

  /** pino's `logger.flush(cb)`: the batch is written at once (standard output is written synchronously). */
  flush(cb?: (err?: Error) => void): void {
    try {
      this.flushSync();
    } catch (err) {
      cb?.(err as Error);
      return;
    }
    cb?.();
  }

  private hand(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.out.write(text);
  }
}

let stdout: LineBatch | undefined;
function bufferedStdout(): pino.DestinationStream {
  // One stream per process, whatever number of loggers (tests build many).
  if (stdout) return stdout;
  // sonic-boom writes each batch at once and retries a busy pipe (EAGAIN).
  stdout = new LineBatch(pino.destination({ dest: 1, sync: true, minLength: 0 }));
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
