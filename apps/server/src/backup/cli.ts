import path from 'node:path';
import { loadConfig } from '../config';
import { DataDirInUseError, openDatabase } from '../db/client';
import { archiveFileWriter } from '../media/archive';
import { openMediaStorage } from '../media/open-storage';
import { BackupError, restoreBackup, verifyBackup, writeBackup, type Manifest } from './backup.service';

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
    console.error(
      command === 'backup'
        ? `${err.message}\nThe server is running on this DATA_DIR. Take the backup through it instead (an admin's token):\n` +
            `  curl -fsS -X POST -H "Authorization: Token <token>" http://localhost:${config.port}/adminportal/backup/ -o ${file}\n` +
            'or stop the server and run this command again.'
        : `${err.message}\nStop the server before restoring into its DATA_DIR.`,
    );
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

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = await main(process.argv.slice(2));
}
