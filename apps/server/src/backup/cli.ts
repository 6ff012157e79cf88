import path from 'node:path';
import { loadConfig } from '../config';
import { DataDirInUseError, openDatabase } from '../db/client';
import { archiveFileWriter } from '../media/archive';
import { openMediaStorage } from '../media/open-storage';
import { BackupError, restoreBackup, verifyBackup, writeBackup, type Manifest } from './backup.service';
import { askServerForBackup, controlSocketPath } from './control-socket';

const USAGE = 'Usage: npm run backup -- <file>\n       npm run restore -- <file> [--force]';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--force]`, on the database and media
 * folder the environment names (DATABASE_URL or DATA_DIR, MEDIA_DIR), as the server would.
 */
export async function main(argv: string[]): Promise<number> {
  const [command, file, ...rest] = argv;
  const unknown = rest.filter((a) => a !== '--force');
  if ((command !== 'backup' && command !== 'restore') || !file || unknown.length || (command === 'backup' && rest.length)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  let verified: Manifest | undefined;
  if (command === 'restore') {
    // Checked before the target is opened, so a bad archive leaves not even an empty database behind.
    try {
      verified = await verifyBackup(file);
    } catch (err) {
      if (!(err instanceof BackupError)) throw err;
      console.error(`Restore refused: ${err.message}`);
      return 1;
    }
  }
  const pgliteDir = path.join(config.dataDir, 'pglite');
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir, migrate: false, poolSize: 2 });
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    if (command === 'backup') return backupThroughServer(config.dataDir, pgliteDir, file, err, config.port);
    console.error(`${err.message}\nStop the server before restoring into its DATA_DIR.`);
    return 1;
  }
  const parts = { database, storage: await openMediaStorage(config) };
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${pgliteDir}`;
  try {
    if (command === 'backup') {
      const m = await writeBackup(parts, archiveFileWriter(file));
      console.log(
        `Backup of ${where} written to ${path.resolve(file)}: ${m.totals.rows} rows in ${m.totals.tables} tables, ` +
          `${m.totals.files} files (${mb(m.totals.bytes)}), schema ${m.schemaVersion.tag}.`,
      );
    } else {
      const { manifest: m, migratedFrom } = await restoreBackup(parts, file, { force: rest.includes('--force'), verified });
      console.log(
        `Restored ${path.resolve(file)} (taken ${m.createdAt} from ${m.database}) into ${where} and ${config.s3 ? `bucket ${config.s3.bucket}` : config.mediaDir}: ` +
          `${m.totals.rows} rows in ${m.totals.tables} tables, ${m.totals.files} files (${mb(m.totals.bytes)}), every file's SHA-256 checked.` +
          (migratedFrom ? ` Migrated from schema ${migratedFrom} to this version's.` : ''),
      );
    }
    return 0;
  } catch (err) {
    if (err instanceof BackupError) {
      console.error(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

/**
 * The server holds the PGlite data directory: it writes the backup itself, asked over its
 * control socket; the file is written by the server's process, at the path given here.
 */
async function backupThroughServer(
  dataDir: string,
  pgliteDir: string,
  file: string,
  inUse: DataDirInUseError,
  port: number,
): Promise<number> {
  const target = path.resolve(file);
  const answer = await askServerForBackup(controlSocketPath(dataDir), target, (e) => {
    if (e.event === 'started') console.log(`The server (pid ${e.pid}) has ${pgliteDir} open: asked it to write the backup to ${target}.`);
  });
  if (!answer) {
    console.error(
      `${inUse.message}\nIts control socket (${controlSocketPath(dataDir)}) does not answer. Take the backup over HTTP instead (an admin's token):\n` +
        `  curl -fsS -X POST -H "Authorization: Token <token>" http://localhost:${port}/adminportal/backup/ -o ${file}\n` +
        'or stop the server and run this command again.',
    );
    return 1;
  }
  if (answer.event === 'done') {
    const t = answer.totals;
    console.log(
      `Backup of PGlite in ${pgliteDir} written by the running server to ${answer.file}: ${t.rows} rows in ${t.tables} tables, ` +
        `${t.files} files (${mb(t.bytes)}), schema ${answer.schema}.`,
    );
    return 0;
  }
  console.error(`Backup failed: ${answer.event === 'error' ? answer.message : 'the server did not finish it.'}`);
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = await main(process.argv.slice(2));
}
