import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { backupApi } from '@darkroom/contracts';
import { attachment } from '../http/content-disposition';
import { route } from '../http/route';
import { archiveWriter } from '../media/archive';
import { listBackups, openBackup, startBackup, writeBackup } from './backup.service';

/**
 * A backup taken by the running server and streamed to the admin who asked. On PGlite this is
 * the way to back up while the server runs (its data directory is open in this process only);
 * on PostgreSQL `npm run backup` does the same from any machine. An archive cut short by an
 * error has no manifest, so restore refuses it.
 */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  route(app, backupApi.create, async ({ ctx, reply }) => {
    const out = new PassThrough();
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    reply
      .code(200)
      .header('content-type', 'application/x-tar')
      .header('content-disposition', attachment(`darkroom-${stamp}.tar`))
      .header('cache-control', 'no-store');
    writeBackup(ctx, archiveWriter(out)).then(
      (m) => ctx.log.info(`backup streamed: ${m.totals.rows} rows, ${m.totals.files} files`),
      (err: unknown) => ctx.log.error({ err }, 'backup failed'),
    );
    return reply.send(out);
  });

  // The backups BACKUP_DIR holds (scheduled, or started from the portal), listed and downloaded.
  route(app, backupApi.list, ({ ctx, query }) => listBackups(ctx, query.job));
  route(app, backupApi.start, ({ ctx }) => startBackup(ctx));
  route(app, backupApi.download, async ({ ctx, params, reply }) => {
    const file = await openBackup(ctx, params.name);
    return reply
      .header('content-type', 'application/x-tar')
      .header('content-length', file.size)
      .header('content-disposition', attachment(params.name))
      .header('cache-control', 'no-store')
      .send(file.stream);
  });
}
