import type { FastifyInstance } from 'fastify';
import { watermarkApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import { getWatermark, updateWatermark } from './watermark.service';

/** HTTP routes of the studio's watermark (a Site settings section; admin only). */
export async function watermarkRoutes(app: FastifyInstance): Promise<void> {
  route(app, watermarkApi.get, ({ ctx }) => getWatermark(ctx));
  route(app, watermarkApi.update, ({ ctx, body, files }) => updateWatermark(ctx, body, firstFile(files, 'logo')));
}
