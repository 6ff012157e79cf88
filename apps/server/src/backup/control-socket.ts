import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { AppRuntime } from '../context';
import { archiveFileWriter } from '../media/archive';
import { removeSocketFile, restrictSocketToOwner } from '../media/socket-file';
import { writeBackup, type Manifest } from './backup.service';

/**
 * The running server's door for commands on its own machine: a unix socket in DATA_DIR that only
 * its owner may open (mode 0600). PGlite lets one process hold a data directory, so
 * `npm run backup` asks the server that holds it to write the archive rather than refusing.
 * One request a connection, a JSON line; the answers are JSON lines (`started`, then `done` or
 * `error`).
 */

const SOCKET_NAME = 'darkroom.sock';
/** A socket's path must fit in sockaddr_un (108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 103;
/** The request is one short line: anything longer is not a client of ours. */
const MAX_REQUEST_BYTES = 8 * 1024;

export const controlSocketPath = (dataDir: string) => path.join(dataDir, SOCKET_NAME);

const requestSchema = z.object({
  command: z.literal('backup'),
  file: z
    .string()
    .min(1)
    .max(4096)
    .refine((f) => path.isAbsolute(f) && !f.includes('\0'), 'an absolute path'),
});

export type ControlEvent =
  | { event: 'started'; pid: number; database: string }
  | { event: 'done'; file: string; totals: Manifest['totals']; schema: string }
  | { event: 'error'; message: string };

export interface ControlSocket {
  path: string;
  /** Stops taking commands, waits for the running ones, and removes the socket. */
  close(): Promise<void>;
}

/**
 * Opens the control socket of a server on PGlite (on PostgreSQL any process can open the database,
 * so the CLI needs no door). Null when there is none: PostgreSQL, or a DATA_DIR whose path is too
 * long for a socket (the CLI then says to back up over HTTP).
 */
export async function openControlSocket(runtime: AppRuntime): Promise<ControlSocket | null> {
  if (runtime.database.kind !== 'pglite') return null;
  const file = controlSocketPath(runtime.config.dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    runtime.log.warn(`no control socket: ${file} is too long for a unix socket; npm run backup cannot reach this server`);
    return null;
  }
  // Left by a server that was killed: this process holds the data directory now, so it is stale.
  await removeSocketFile(file);
  const running = new Set<Promise<unknown>>();
  const server = net.createServer((conn) => {
    const work = serve(runtime, conn).catch((err: unknown) => runtime.log.error({ err }, 'control socket: command failed'));
    running.add(work);
    void work.finally(() => running.delete(work));
  });
  await listenOwnerOnly(server, file);
  return {
    path: file,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...running]);
      await removeSocketFile(file);
    },
  };
}

/**
 * Binds with a umask that leaves the owner alone (the bind is synchronous, so no other file of
 * this process is made meanwhile), then sets the mode again: in a worker thread umask cannot be set.
 */
async function listenOwnerOnly(server: net.Server, file: string): Promise<void> {
  const listening = new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  let previous: number | null = null;
  try {
    previous = process.umask(0o177);
  } catch {
    previous = null;
  }
  try {
    server.listen(file);
  } finally {
    if (previous !== null) process.umask(previous);
  }
  await listening;
  await restrictSocketToOwner(file);
}

/** The request line; null for anything else. Read by events: leaving a for-await would destroy the socket. */
function readRequest(conn: net.Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    const done = (line: string | null) => {
      conn.off('data', onData);
      resolve(line);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const nl = text.indexOf('\n');
      if (nl >= 0) done(text.slice(0, nl));
      else if (text.length > MAX_REQUEST_BYTES) done(null);
    };
    conn.on('data', onData);
    conn.once('end', () => done(null));
    conn.once('close', () => done(null));
  });
}

async function serve(runtime: AppRuntime, conn: net.Socket): Promise<void> {
  conn.on('error', () => {});
  const send = (e: ControlEvent) => {
    if (!conn.destroyed) conn.write(`${JSON.stringify(e)}\n`);
  };
  const line = await readRequest(conn);
  let parsed: z.infer<typeof requestSchema> | null = null;
  try {
    parsed = line === null ? null : requestSchema.parse(JSON.parse(line));
  } catch {
    parsed = null;
  }
  if (!parsed) {
    send({ event: 'error', message: 'Not a request this server knows (expected {"command":"backup","file":"/absolute/path.tar"}).' });
    conn.end();
    return;
  }
  send({ event: 'started', pid: process.pid, database: runtime.database.kind });
  try {
    const m = await writeBackup(runtime, archiveFileWriter(parsed.file));
    runtime.log.info(`backup written to ${parsed.file} for npm run backup: ${m.totals.rows} rows, ${m.totals.files} files`);
    send({ event: 'done', file: parsed.file, totals: m.totals, schema: m.schemaVersion.tag });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    runtime.log.warn({ err }, 'backup for npm run backup failed');
    send({ event: 'error', message });
  }
  conn.end();
}

/**
 * Asks the server behind `socket` to write a backup to `file` (absolute). Resolves with each event
 * passed to `onEvent` and the last one returned; null when no server listens there.
 */
export async function askServerForBackup(socket: string, file: string, onEvent: (e: ControlEvent) => void): Promise<ControlEvent | null> {
  const conn = await new Promise<net.Socket | null>((resolve, reject) => {
    const c = net.createConnection(socket);
    c.once('connect', () => resolve(c));
    c.once('error', (err: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(err.code ?? '') ? resolve(null) : reject(err),
    );
  });
  if (!conn) return null;
  conn.write(`${JSON.stringify({ command: 'backup', file })}\n`);
  let last: ControlEvent | null = null;
  let pending = '';
  for await (const chunk of conn) {
    pending += (chunk as Buffer).toString('utf8');
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      last = JSON.parse(pending.slice(0, nl)) as ControlEvent;
      pending = pending.slice(nl + 1);
      onEvent(last);
    }
  }
  return last ?? { event: 'error', message: 'The server closed the connection without an answer.' };
}
