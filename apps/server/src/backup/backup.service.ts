import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { BACKUP_MESSAGES, type BackupJob, type BackupList } from '@darkroom/contracts';
import type { Config } from '../config';
import type { AppContext, AppRuntime } from '../context';
import type { JobQueue } from '../jobs/queue';
import { knownMigrations } from '../db/client';
import { HttpError } from '../lib/errors';
import {
  archiveFileWriter,
  EntryTooLarge,
  listBackupFiles,
  openBackupFile,
  pruneScheduledBackups,
  readArchiveFile,
  scheduledBackupFile,
  type ArchiveWriter,
  type FileDigest,
} from '../media/archive';
import { RESUMABLE_PREFIX } from '../media/resumable';
import { isSafeKey } from '../media/storage';
import {
  appliedMigration,
  applyMigrations,
  countRows,
  dropEverything,
  exportRows,
  hasRows,
  inRestoreTransaction,
  insertRows,
  inSnapshot,
  listTables,
  readSequences,
  setSequence,
  type SequenceState,
  type TableInfo,
} from './backup.repository';

/**
 * Backup and restore of a whole Darkroom: every row of every table and every stored file, in one
 * tar archive. Layout, in order:
 *
 *   darkroom-backup.json          what this is: format, schema version, when, from which database
 *   files/<storage key>           stored files (originals and derived), byte for byte (first pass)
 *   rows/<table>/<n>.ndjson       the rows, one JSON object a line, tables in foreign-key order
 *   files/<storage key>           files added while the rows were read (second pass)
 *   manifest.json                 written last: counts, sizes and SHA-256 of every entry above
 *
 * The manifest comes last because it is the proof that the archive is complete: an archive cut
 * short has none and is refused.
 */

export const BACKUP_FORMAT = 'darkroom-backup';
export const BACKUP_FORMAT_VERSION = 1;
const HEADER_ENTRY = 'darkroom-backup.json';
const MANIFEST_ENTRY = 'manifest.json';
/** The most any piece of an archive may hold in memory when read back: a crafted archive cannot exhaust it. */
const READ_LIMITS = { header: 64 * 1024, manifest: 256 * 1024 * 1024, row: 16 * 1024 * 1024 } as const;
/** Rows inserted per statement while restoring. */
const ROWS_PER_INSERT = 500;
/** Rows per chunk and the most bytes a chunk holds: what a backup or restore keeps in memory. */
const CHUNK_ROWS = 1000;
const CHUNK_BYTES = 4 * 1024 * 1024;

export interface SchemaVersion {
  /** The last migration applied (its file name in apps/server/drizzle). */
  tag: string;
  /** Its journal time, as drizzle records it. */
  when: number;
  hash: string;
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  schemaVersion: SchemaVersion;
}

export interface ManifestEntry extends FileDigest {
  name: string;
}

export interface Manifest extends BackupHeader {
  tables: (TableInfo & { rows: number; chunks: (ManifestEntry & { rows: number })[] })[];
  sequences: SequenceState[];
  files: (FileDigest & { key: string })[];
  totals: { tables: number; rows: number; files: number; bytes: number };
}

type Parts = Pick<AppRuntime, 'database' | 'storage'>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const chunkName = (table: string, n: number) => `rows/${table}/${String(n).padStart(6, '0')}.ndjson`;
const fileName = (key: string) => `files/${key}`;

/** Thrown for anything wrong with an archive or a target: the message says what, for a person. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly problems: string[] = [],
  ) {
    super(problems.length ? `${message}\n  - ${problems.join('\n  - ')}` : message);
    this.name = 'BackupError';
  }
}

function schemaVersionOf(applied: { when: number; hash: string } | null): SchemaVersion {
  if (!applied) throw new BackupError('The database has no migrations applied: nothing to back up.');
  const known = knownMigrations().find((m) => m.when === applied.when);
  return { tag: known?.tag ?? `unknown-${applied.when}`, when: applied.when, hash: applied.hash };
}

/**
 * Writes a backup to `writer`. The rows are read in one REPEATABLE READ, READ ONLY transaction
 * (one connection; on PGlite its only one), so they are the database at one instant, as pg_dump's
 * are. Files are copied in two passes, one before that transaction and one after it (only files
 * not copied yet): storage is content-addressed and files are written before the rows that
 * reference them commit, so every file the snapshot references was there for one pass or the
 * other. Every file present in storage is copied (which columns reference files is the schema's
 * business, not the backup's); files nothing references are harmless extras.
 */
export async function writeBackup(parts: Parts, writer: ArchiveWriter): Promise<Manifest> {
  try {
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: parts.database.kind,
      schemaVersion: schemaVersionOf(await appliedMigration(parts.database.db)),
    };
    await writer.add(HEADER_ENTRY, JSON.stringify(header, null, 2));
    const files: Manifest['files'] = [];
    const copied = new Set<string>();
    const copyFiles = async () => {
      for await (const object of parts.storage.list()) {
        // Partial uploads in a bucket are a host's work in progress, not the studio's media.
        if (copied.has(object.key) || object.key.startsWith(RESUMABLE_PREFIX)) continue;
        const digest = await writer.addStored(parts.storage, object.key, fileName(object.key));
        // Gone since it was listed (released as unreferenced): the second pass copies it if it came back.
        if (!digest) continue;
        copied.add(object.key);
        files.push({ key: object.key, ...digest });
      }
    };
    // Files present before the snapshot first, then those added since: a file the snapshot
    // references was either there already or is there after it (written before its rows commit).
    // Copying most of them before the snapshot also keeps the window in which a file released
    // right after the snapshot could be missed as short as the second pass.
    await copyFiles();
    const snapshot = await inSnapshot(parts.database.db, async (tx) => {
      const version = schemaVersionOf(await appliedMigration(tx));
      if (version.when !== header.schemaVersion.when) throw new BackupError('The database was migrated during the backup: take it again.');
      const tables: Manifest['tables'] = [];
      for (const [i, table] of (await listTables(tx)).entries()) {
        const chunks: Manifest['tables'][number]['chunks'] = [];
        let pending: string[] = [];
        let pendingBytes = 0;
        const flush = async () => {
          if (!pending.length) return;
          const data = Buffer.from(pending.join('\n') + '\n');
          const name = chunkName(table.name, chunks.length);
          await writer.add(name, data);
          chunks.push({ name, rows: pending.length, size: data.length, sha256: sha256(data) });
          pending = [];
          pendingBytes = 0;
        };
        const rows = await exportRows(tx, table, `darkroom_backup_${i}`, 200, async (batch) => {
          for (const row of batch) {
            pending.push(row);
            pendingBytes += row.length;
            if (pending.length >= CHUNK_ROWS || pendingBytes >= CHUNK_BYTES) await flush();
          }
        });
        await flush();
        tables.push({ ...table, rows, chunks });
      }
      return { tables, sequences: await readSequences(tx) };
    });
    await copyFiles();
    const manifest: Manifest = {
      ...header,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files,
      totals: {
        tables: snapshot.tables.length,
        rows: snapshot.tables.reduce((n, t) => n + t.rows, 0),
        files: files.length,
        bytes: files.reduce((n, f) => n + f.size, 0),
      },
    };
    await writer.add(MANIFEST_ENTRY, JSON.stringify(manifest, null, 2));
    await writer.finish();
    return manifest;
  } catch (err) {
    writer.abort(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}

function parseJson<T>(data: Buffer, what: string): T {
  try {
    return JSON.parse(data.toString('utf8')) as T;
  } catch {
    throw new BackupError(`The archive's ${what} is not valid JSON: the archive is damaged.`);
  }
}

function checkHeader(header: BackupHeader): void {
  if (header.format !== BACKUP_FORMAT) throw new BackupError('This is not a Darkroom backup.');
  if (header.formatVersion > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `This backup has format version ${header.formatVersion}; this Darkroom reads up to ${BACKUP_FORMAT_VERSION}. Restore it with a newer Darkroom.`,
    );
}

/**
 * Reads a whole archive and checks it against its manifest without touching anything: every
 * entry's size and SHA-256, every table's row count, nothing missing, nothing extra. Resolves
 * with the manifest when all is well; otherwise throws a BackupError listing each problem.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  let header: BackupHeader | null = null;
  let manifest: Manifest | null = null;
  const seen = new Map<string, FileDigest & { lines: number }>();
  let first = true;
  try {
    await readArchiveFile(file, async (entry) => {
      if (first) {
        first = false;
        if (entry.name !== HEADER_ENTRY) throw new BackupError(`This is not a Darkroom backup (it does not start with ${HEADER_ENTRY}).`);
        header = parseJson<BackupHeader>(await entry.buffer(READ_LIMITS.header), HEADER_ENTRY);
        checkHeader(header);
        return;
      }
      if (manifest) throw new BackupError(`The archive has an entry after its manifest (${entry.name}): it is damaged.`);
      if (entry.name === MANIFEST_ENTRY) {
        manifest = parseJson<Manifest>(await entry.buffer(READ_LIMITS.manifest), MANIFEST_ENTRY);
        return;
      }
      let lines = 0;
      const digest = await entry.digest(async (body) => {
        for await (const chunk of body) for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
      });
      seen.set(entry.name, { ...digest, lines });
    });
  } catch (err) {
    if (err instanceof BackupError) throw err;
    if (err instanceof EntryTooLarge) throw new BackupError(`The archive is damaged: ${err.message}.`);
    const detail = err instanceof Error ? err.message : String(err);
    throw new BackupError(`The archive cannot be read: it is truncated or damaged (${detail}).`);
  }
  if (!header) throw new BackupError('The archive is empty: this is not a Darkroom backup.');
  if (!manifest)
    throw new BackupError(
      `The archive has no ${MANIFEST_ENTRY} (written last): the backup was interrupted or the file was cut short. It cannot be restored.`,
    );
  const m: Manifest = manifest;
  const problems: string[] = [];
  const expected = new Map<string, FileDigest & { rows?: number }>();
  for (const t of m.tables) {
    let rows = 0;
    for (const c of t.chunks) {
      expected.set(c.name, c);
      rows += c.rows;
    }
    if (rows !== t.rows) problems.push(`table ${t.name}: its chunks hold ${rows} rows, the manifest counts ${t.rows}`);
  }
  for (const f of m.files) {
    if (!isSafeKey(f.key)) problems.push(`file ${f.key}: not a valid storage key`);
    expected.set(fileName(f.key), f);
  }
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) problems.push(`${name}: missing from the archive`);
    else if (got.size !== want.size) problems.push(`${name}: ${got.size} bytes, the manifest says ${want.size}`);
    else if (got.sha256 !== want.sha256) problems.push(`${name}: SHA-256 ${got.sha256}, the manifest says ${want.sha256}`);
    else if (want.rows !== undefined && got.lines !== want.rows)
      problems.push(`${name}: ${got.lines} rows, the manifest says ${want.rows}`);
  }
  for (const name of seen.keys()) if (!expected.has(name)) problems.push(`${name}: in the archive but not in its manifest`);
  if (problems.length) throw new BackupError(`The archive does not match its manifest (${problems.length} problem(s)):`, problems);
  return m;
}

export interface RestoreOptions {
  /** Replace whatever the target holds. */
  force?: boolean;
  /** The archive's manifest as `verifyBackup` returned it, when the caller verified it already. */
  verified?: Manifest;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations applied after the rows, when the backup is from an older schema. */
  migratedFrom: string | null;
}

/** What makes a target not empty, or null when it is empty. */
export async function targetContents(parts: Parts): Promise<string | null> {
  const table = await hasRows(parts.database.db);
  if (table) return `table ${table} has rows`;
  for await (const object of parts.storage.list()) {
    if (!object.key.startsWith(RESUMABLE_PREFIX)) return `the media folder holds files (${object.key}, ...)`;
  }
  return null;
}

/**
 * Restores an archive into `parts`: first reads and verifies all of it (nothing is touched if
 * anything is wrong), then, in one transaction, rebuilds the schema at the archive's version,
 * inserts the rows in foreign-key order, sets every sequence where it stood, applies this code's
 * later migrations, and writes the files (before the commit, as every write does). On failure
 * the transaction rolls back and the files this restore added are removed.
 */
export async function restoreBackup(parts: Parts, file: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  const manifest = opts.verified ?? (await verifyBackup(file));
  const known = knownMigrations();
  const version = manifest.schemaVersion;
  if (!known.some((m) => m.when === version.when)) {
    const latest = known.at(-1);
    throw new BackupError(
      version.when > (latest?.when ?? 0)
        ? `This backup's schema (${version.tag}) is newer than this Darkroom knows (${latest?.tag}): restore it with the version that made it, or a newer one.`
        : `This backup's schema (${version.tag}) is not one this Darkroom knows.`,
    );
  }
  if (!opts.force) {
    const contents = await targetContents(parts);
    if (contents)
      throw new BackupError(
        `The target is not empty: ${contents}. Restore into an empty DATA_DIR or database, or pass --force to replace what it holds.`,
      );
  }
  const tables = new Map(manifest.tables.map((t) => [t.name, t]));
  const files = new Map(manifest.files.map((f) => [f.key, f]));
  const added: string[] = [];
  try {
    await inRestoreTransaction(parts.database.db, parts.database.kind, async (tx) => {
      await dropEverything(tx);
      await applyMigrations(tx, { upTo: version.when });
      await readArchiveFile(file, async (entry) => {
        if (entry.name.startsWith('rows/')) {
          const table = tables.get(entry.name.split('/')[1] ?? '');
          if (!table) throw new BackupError(`${entry.name}: no such table in the manifest.`);
          let batch: string[] = [];
          for await (const line of entry.lines(READ_LIMITS.row)) {
            batch.push(line);
            if (batch.length === ROWS_PER_INSERT) {
              await insertRows(tx, table, batch);
              batch = [];
            }
          }
          await insertRows(tx, table, batch);
        } else if (entry.name.startsWith('files/')) {
          const key = entry.name.slice('files/'.length);
          const want = files.get(key);
          const digest = await entry.digest(async (body) => {
            if (await parts.storage.put(key, body)) added.push(key);
          });
          if (!want || digest.sha256 !== want.sha256) throw new BackupError(`${entry.name} changed while it was being restored.`);
        }
      });
      for (const s of manifest.sequences) await setSequence(tx, s);
      const wrong: string[] = [];
      for (const t of manifest.tables) {
        const n = await countRows(tx, t.name);
        if (n !== t.rows) wrong.push(`table ${t.name}: ${n} rows restored, the manifest counts ${t.rows}`);
      }
      if (wrong.length) throw new BackupError('The restore did not bring back every row:', wrong);
      await applyMigrations(tx, { after: version.when });
    });
  } catch (err) {
    await parts.storage.delete(added).catch(() => {});
    if (err instanceof EntryTooLarge) throw new BackupError(`The archive is damaged: ${err.message}.`);
    throw err;
  }
  const latest = known.at(-1)!;
  return { manifest, migratedFrom: latest.when !== version.when ? version.tag : null };
}

/** Writes a backup into BACKUP_DIR, then keeps only the newest BACKUP_KEEP there. */
export async function scheduledBackup(ctx: AppContext): Promise<{ file: string; removed: string[] }> {
  const file = await scheduledBackupFile(ctx.config.backupDir);
  const m = await writeBackup(ctx, archiveFileWriter(file));
  const removed = await pruneScheduledBackups(ctx.config.backupDir, ctx.config.backupKeep);
  ctx.log.info(
    `backup written to ${file}: ${m.totals.rows} rows, ${m.totals.files} files` +
      (removed.length ? `; removed ${removed.length} older one(s)` : ''),
  );
  return { file, removed };
}

const BACKUP_JOB = 'backup';

/**
 * The backups in BACKUP_DIR, newest first, how many are queued or being written, and the state of
 * the job `jobId` (one the portal started) when asked.
 */
export async function listBackups(ctx: AppContext, jobId?: string): Promise<BackupList> {
  const [files, running, job] = await Promise.all([
    listBackupFiles(ctx.config.backupDir),
    ctx.jobs.unfinished(BACKUP_JOB),
    jobId ? ctx.jobs.get(BACKUP_JOB, jobId) : null,
  ]);
  const error = (output: unknown) => {
    const message = (output as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : 'The backup failed.';
  };
  return {
    backups: files.map((f) => ({ name: f.name, size: f.size, created_at: f.mtime.toISOString() })),
    running,
    job:
      job && ({ state: job.state, error: job.state === 'failed' || job.state === 'retry' ? error(job.output) : null } satisfies BackupJob),
  };
}

/** Queues a backup into BACKUP_DIR (the scheduled job's work), unless one is queued or running already. */
export async function startBackup(ctx: AppContext): Promise<{ job: string; detail: string }> {
  if ((await ctx.jobs.unfinished(BACKUP_JOB)) > 0) throw new HttpError(409, BACKUP_MESSAGES.alreadyRunning);
  return { job: await ctx.jobs.send(BACKUP_JOB, {}), detail: BACKUP_MESSAGES.started };
}

/** One backup of BACKUP_DIR to send; 404 when there is no such file. */
export async function openBackup(ctx: AppContext, name: string): Promise<{ size: number; stream: Readable }> {
  const found = await openBackupFile(ctx.config.backupDir, name);
  if (!found) throw new HttpError(404, BACKUP_MESSAGES.notFound);
  return found;
}

/** The backup job: on BACKUP_SCHEDULE, once for the deployment (also sent on demand). */
export function defineBackupJob(jobs: JobQueue, config: Pick<Config, 'backupSchedule'>): void {
  jobs.define({
    name: BACKUP_JOB,
    cron: config.backupSchedule ?? undefined,
    retryLimit: 2,
    retryDelaySeconds: 300,
    expireInSeconds: 6 * 3600,
    run: async (ctx) => {
      await scheduledBackup(ctx);
    },
  });
}
