import type { FastifyInstance } from 'fastify';
import { aboutApi } from '@darkroom/contracts';
import { firstFile, type UploadedFile } from '../../http/read-body';
import { route } from '../../http/route';
import { ABOUT_TAG, createAbout, listAbout, updateAbout, type AboutFiles } from './about.service';

const filesOf = (files: Record<string, UploadedFile[]>): AboutFiles => ({
  infoImage: firstFile(files, 'info_image'),
  pageImage: firstFile(files, 'page_image'),
});

/** HTTP routes of the about area. */
export async function aboutRoutes(app: FastifyInstance): Promise<void> {
  // The about content as a list (the spec reads lists); it holds at most one entry.
  route(app, aboutApi.list, ({ ctx, cached }) => cached(ABOUT_TAG, 'list', () => listAbout(ctx)));
  route(app, aboutApi.create, ({ ctx, body, files }) => createAbout(ctx, body, filesOf(files)));
  route(app, aboutApi.update, ({ ctx, params, body, files }) => updateAbout(ctx, params.id, body, filesOf(files)));
}
