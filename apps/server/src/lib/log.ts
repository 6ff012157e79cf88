import { pino, type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

/** Fields that must never reach a log line, at the top of a logged object or of its `body`. */
const SECRETS: ReadonlySet<string> = new Set([
  'password',
  'password2',
  'old_password',
  'passwordHash',
  'password_hash',
  'token',
  'authToken',
]);
const CENSOR = '[redacted]';

const censored = (object: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, SECRETS.has(key) ? CENSOR : value]));
const holdsSecret = (object: unknown): object is Record<string, unknown> =>
  typeof object === 'object' && object !== null && Object.keys(object).some((key) => SECRETS.has(key));

/**
 * The logged object with its secrets censored. Headers never reach a line at all (the req and
 * res serializers keep none). Done here rather than with pino's `redact`, which walked every
 * line's `req` and `res` on each request: a fifth of a cached answer's CPU time.
 */
function withoutSecrets(object: Record<string, unknown>): Record<string, unknown> {
  let out = holdsSecret(object) ? censored(object) : object;
  if (holdsSecret(out.body)) out = { ...out, body: censored(out.body) };
  return out;
}

/** A delivery link's token (the path segment after these prefixes) is a credential in itself. */
const TOKEN_IN_PATH = /(\/g\/|\/site\/galleries\/)[^/?#\s"']+/g;

/** The text with every delivery token replaced by `[token]`. */
export const maskUrl = (text: string): string => text.replace(TOKEN_IN_PATH, '$1[token]');

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
 * (hashes, e-mail addresses), nor a delivery token an error's message quotes from its URL.
 */
export function safeError(err: unknown, depth = 0): LoggableError | unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { code?: unknown; query?: unknown; cause?: unknown };
  const out: LoggableError = { type: e.name, message: maskUrl(withoutParams(e.message)) };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.query === 'string') out.query = e.query;
  if (e.stack) out.stack = maskUrl(withoutParams(e.stack));
  if (e.cause instanceof Error && depth < 3) out.cause = safeError(e.cause, depth + 1) as LoggableError;
  return out;
}

/** How log lines are written: JSON for machines, or readable lines for a terminal. */
export type LogFormat = 'json' | 'pretty';

/**
 * The process's logger: secrets redacted, errors reduced to what is safe to keep, delivery tokens
 * masked in every line (messages, URLs, errors). `destination` is for tests that read the lines.
 */
export function createLogger(level: string, opts: { format?: LogFormat; destination?: DestinationStream } = {}): Logger {
  const options: pino.LoggerOptions = {
    level,
    formatters: { log: withoutSecrets },
    serializers: {
      err: safeError,
      error: safeError,
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: req.url ? maskUrl(req.url) : req.url,
        ip: req.ip,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? maskUrl(a) : a)) as Parameters<typeof method>);
      },
    },
  };
  if (opts.format === 'pretty') return pino(options, prettyStream(opts.destination));
  if (opts.destination) return pino(options, opts.destination);
  // pino's asynchronous destination: a request no longer waits for its line's write to stdout
  // (pino flushes it when the process exits). Lines are written 4 KB at a time, or after a second
  // at most: one write per request was a quarter of a cached page's throughput.
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }));
}

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * Readable lines for a terminal: a request is one line ("GET /services/ 200 3.1 ms"), where
 * pino-pretty alone printed its fields on ten; other lines keep their fields, on the same line.
 */
function prettyStream(destination?: DestinationStream) {
  return pretty({
    colorize: !destination,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    sync: true,
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime } = log as RequestLine;
      const message = String(log[messageKey] ?? '');
      if (!req?.method) return message;
      const time = typeof responseTime === 'number' ? ` ${responseTime.toFixed(1)} ms` : '';
      return `${req.method} ${req.url} ${res?.statusCode ?? ''}${time}${message === 'request completed' ? '' : ` (${message})`}`;
    },
    ...(destination ? { destination } : {}),
  });
}
