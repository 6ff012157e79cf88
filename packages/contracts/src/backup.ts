import { z } from 'zod';
import { endpoint } from './endpoint';

export const BACKUP_MESSAGES = {
  notFound: 'No such backup',
  alreadyRunning: 'A backup is already being written',
  started: 'Backup started',
} as const;

/** A backup file's name in BACKUP_DIR: one plain name ending in .tar (no folders, no dot first). */
export const BACKUP_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}\.tar$/;

export const backupFileSchema = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** When it was written (the file's modification time). */
  created_at: z.string(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

export const backupJobSchema = z.object({
  state: z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']),
  /** Why it failed (its last try), when it did. */
  error: z.string().nullable(),
});
export type BackupJob = z.infer<typeof backupJobSchema>;

export const backupListSchema = z.object({
  /** Newest first. */
  backups: z.array(backupFileSchema),
  /** Backups queued or being written (scheduled or started here). */
  running: z.number().int(),
  /** The job asked about with `?job=`, when it is known. */
  job: backupJobSchema.nullable(),
});
export type BackupList = z.infer<typeof backupListSchema>;

export const backupApi = {
  create: endpoint({
    method: 'POST',
    path: '/adminportal/backup/',
    tag: 'backup',
    summary:
      'A backup of the whole studio, streamed as a tar archive: every row at one instant and every stored file, with a manifest (admins only; restore it with `npm run restore`)',
    response: null,
    status: 200,
    produces: 'binary',
  }),
  list: endpoint({
    method: 'GET',
    path: '/adminportal/backups/',
    tag: 'backup',
    summary: 'The backups in BACKUP_DIR, newest first, and how many are being written',
    query: z.object({ job: z.uuid().optional() }),
    response: backupListSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: '/adminportal/backups/',
    tag: 'backup',
    summary: 'Starts a backup into BACKUP_DIR (a job: it appears in the list once written; the newest BACKUP_KEEP are kept)',
    response: z.object({ job: z.string(), detail: z.string() }),
    status: 201,
  }),
  download: endpoint({
    method: 'GET',
    path: '/adminportal/backups/{name}/',
    tag: 'backup',
    summary: 'Downloads one backup of BACKUP_DIR',
    params: z.object({ name: z.string().regex(BACKUP_NAME) }),
    response: null,
    produces: 'binary',
  }),
} as const;
