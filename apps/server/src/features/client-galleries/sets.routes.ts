import type { FastifyInstance } from 'fastify';
import { clientGallerySetsApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { createSet, deleteSet, listSets, movePhotos, orderSets, renameSet } from './sets.service';

/** HTTP routes of a client gallery's sets (admin only: the declarations say no other access). */
export async function clientGallerySetsRoutes(app: FastifyInstance): Promise<void> {
  const api = clientGallerySetsApi;
  route(app, api.list, ({ ctx, params }) => listSets(ctx, params.id));
  route(app, api.create, ({ ctx, params, body }) => createSet(ctx, params.id, body.name));
  route(app, api.rename, ({ ctx, params, body }) => renameSet(ctx, params.id, params.set_id, body.name));
  route(app, api.order, ({ ctx, params, body }) => orderSets(ctx, params.id, body.ids));
  route(app, api.move, ({ ctx, params, body }) => movePhotos(ctx, params.id, body));
  route(app, api.remove, ({ ctx, params }) => deleteSet(ctx, params.id, params.set_id));
}
