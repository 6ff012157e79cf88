import path from 'node:path';
import { REPO_ROOT } from './paths';
import type { LogFormat } from './lib/log';

/** Every environment variable Darkroom reads, parsed once. The README lists the same set. */
export interface Config {
  port: number;
  host: string;
  /** Folder for the embedded database, media and the mail outbox. */
  dataDir: string;
  mediaDir: string;
  /** PostgreSQL connection string; unset means embedded PGlite under dataDir. */
  databaseUrl: string | null;
  /** Redis connection string for shared rate limits when several processes run. */
  redisUrl: string | null;
  adminUsername: string | null;
  adminPassword: string | null;
  tokenTtlMs: number;
  /** How long the activity log keeps an entry. */
  auditRetentionDays: number;
  loginMaxFailures: number;
  loginWindowMs: number;
  enquiryMaxPerWindow: number;
  /** Enquiries accepted from all visitors together per hour. */
  enquiryMaxTotalPerHour: number;
  enquiryWindowMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** Tries of an e-mail after its first, each waiting about twice as long as the one before. */
  mailRetryLimit: number;
  /** The wait before an e-mail's first retry. */
  mailRetryDelaySeconds: number;
  /** When a backup is written by itself (cron, server time); null when BACKUP_SCHEDULE is `off`. */
  backupSchedule: string | null;
  /** Where scheduled backups go. */
  backupDir: string;
  /** How many scheduled backups are kept (the newest). */
  backupKeep: number;
  /** Directory of the built admin SPA. */
  adminDist: string;
  /** Directory of the built public website (server renderer and client assets). */
  siteDist: string;
  /** The site's public address for canonical URLs, sitemap and Open Graph (default: from the request). */
  publicUrl: string | null;
  logLevel: string;
  /** `pretty` (readable lines) or `json`; by default pretty in a terminal, JSON otherwise. */
  logFormat: LogFormat;
  trustProxy: boolean;
  uploadConcurrency: number;
  /** Photos are derived in a child process at a lower CPU priority (media/derive-process.ts); else in this one. */
  deriveProcess: boolean;
  /** A connection that sends or receives nothing for this long is closed. */
  idleTimeoutMs: number;
  /** A request must have arrived whole within this time. */
  requestTimeoutMs: number;
  /**
   * Media files and assets nothing references are swept (at start-up and every 10 minutes) once
   * they are older than this: younger ones may belong to an upload still under way.
   */
  mediaSweepGraceMs: number;
  /** A resumable (tus) upload untouched for this long is abandoned: its partial file is removed. */
  resumableExpiryMs: number;
  /**
   * Key of the HMAC in client delivery's unlock cookies. Unset: one is made once and kept in the
   * database (`server_secrets`), so every process shares it.
   */
  deliverySecret: string | null;
  /**
   * Media in an S3-compatible bucket when S3_BUCKET is set (DATA_DIR then holds only PGlite and
   * the upload spool); null keeps them under mediaDir.
   */
  s3: S3Config | null;
  /** Where a CDN or public bucket serves the derived files: /media/ redirects there. */
  mediaPublicUrl: string | null;
  /** With S3: originals (admin and client delivery) redirect to a presigned URL rather than stream through. */
  s3RedirectOriginals: boolean;
}

export interface S3Config {
  bucket: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  prefix: string;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback = false): boolean {
  const raw = str(env, name)?.toLowerCase() ?? String(fallback);
  if (raw !== 'true' && raw !== 'false') throw new Error(`${name} must be true or false, got "${env[name]}"`);
  return raw === 'true';
}

function url(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = str(env, name);
  if (raw === null) return null;
  if (!/^https?:\/\/[^/]/.test(raw)) throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function s3(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = str(env, 'S3_BUCKET');
  if (bucket === null) return null;
  return {
    bucket,
    endpoint: url(env, 'S3_ENDPOINT'),
    region: str(env, 'S3_REGION') ?? 'us-east-1',
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE'),
    prefix: (str(env, 'S3_PREFIX') ?? '').replace(/^\/+|\/+$/g, ''),
  };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

function str(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? null : raw.trim();
}

const repoRoot = REPO_ROOT;

function logFormat(env: NodeJS.ProcessEnv): LogFormat {
  const raw = str(env, 'LOG_FORMAT');
  if (raw === null) return process.stdout.isTTY ? 'pretty' : 'json';
  if (raw !== 'pretty' && raw !== 'json') throw new Error(`LOG_FORMAT must be pretty or json, got "${raw}"`);
  return raw;
}

/** BACKUP_SCHEDULE: five cron fields (checked when the queue installs it), default daily at 03:00; `off` disables it. */
function backupSchedule(env: NodeJS.ProcessEnv): string | null {
  const raw = str(env, 'BACKUP_SCHEDULE') ?? '0 3 * * *';
  if (raw.toLowerCase() === 'off') return null;
  if (raw.split(/\s+/).length !== 5) throw new Error(`BACKUP_SCHEDULE must be five cron fields or off, got "${raw}"`);
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(str(env, 'DATA_DIR') ?? './data');
  return {
    port: int(env, 'PORT', 8001),
    host: str(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    mediaDir: path.resolve(str(env, 'MEDIA_DIR') ?? path.join(dataDir, 'media')),
    databaseUrl: str(env, 'DATABASE_URL'),
    redisUrl: str(env, 'REDIS_URL'),
    adminUsername: str(env, 'ADMIN_USERNAME'),
    adminPassword: str(env, 'ADMIN_PASSWORD'),
    tokenTtlMs: int(env, 'TOKEN_TTL_HOURS', 12) * 3_600_000,
    auditRetentionDays: Math.max(1, int(env, 'AUDIT_RETENTION_DAYS', 365)),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5),
    loginWindowMs: int(env, 'LOGIN_WINDOW_MINUTES', 15) * 60_000,
    enquiryMaxPerWindow: int(env, 'ENQUIRY_MAX_PER_HOUR', 5),
    enquiryMaxTotalPerHour: int(env, 'ENQUIRY_MAX_TOTAL_PER_HOUR', 60),
    enquiryWindowMs: 3_600_000,
    smtpUrl: str(env, 'SMTP_URL'),
    mailFrom: str(env, 'MAIL_FROM') ?? 'Darkroom <no-reply@darkroom.local>',
    mailRetryLimit: Math.floor(int(env, 'MAIL_RETRY_LIMIT', 6)),
    mailRetryDelaySeconds: Math.max(1, Math.floor(int(env, 'MAIL_RETRY_DELAY_SECONDS', 30))),
    backupSchedule: backupSchedule(env),
    backupDir: path.resolve(str(env, 'BACKUP_DIR') ?? path.join(dataDir, 'backups')),
    backupKeep: Math.max(1, Math.floor(int(env, 'BACKUP_KEEP', 7))),
    adminDist: path.resolve(str(env, 'ADMIN_DIST') ?? path.join(repoRoot, 'apps/admin/dist')),
    siteDist: path.resolve(str(env, 'SITE_DIST') ?? path.join(repoRoot, 'apps/site/dist')),
    publicUrl: str(env, 'PUBLIC_URL')?.replace(/\/+$/, '') ?? null,
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    logFormat: logFormat(env),
    trustProxy: str(env, 'TRUST_PROXY') === 'true',
    uploadConcurrency: Math.max(1, int(env, 'UPLOAD_CONCURRENCY', 2)),
    deriveProcess: bool(env, 'DERIVE_PROCESS', true),
    idleTimeoutMs: Math.max(1, int(env, 'IDLE_TIMEOUT_SECONDS', 60)) * 1000,
    requestTimeoutMs: Math.max(1, int(env, 'REQUEST_TIMEOUT_SECONDS', 300)) * 1000,
    mediaSweepGraceMs: int(env, 'MEDIA_SWEEP_GRACE_MINUTES', 60) * 60_000,
    resumableExpiryMs: Math.max(1, int(env, 'UPLOAD_RESUME_EXPIRY_HOURS', 24)) * 3_600_000,
    deliverySecret: str(env, 'DELIVERY_SECRET'),
    s3: s3(env),
    mediaPublicUrl: url(env, 'MEDIA_PUBLIC_URL'),
    s3RedirectOriginals: bool(env, 'S3_REDIRECT_ORIGINALS'),
  };
}

/**
 * What start-up warns about in production when PUBLIC_URL is unset: each answer then takes its
 * address from its own request's Host, which only a proxy that checks Host makes trustworthy.
 */
export function publicUrlWarning(config: Pick<Config, 'publicUrl'>, env: NodeJS.ProcessEnv = process.env): string | null {
  if (config.publicUrl || env.NODE_ENV !== 'production') return null;
  return "PUBLIC_URL is not set: canonical URLs, the sitemap and e-mailed links take their address from each request's Host header. Set PUBLIC_URL to the site's public address.";
}
