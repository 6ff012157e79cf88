import type { FastifyInstance } from 'fastify';
import { selectionsApi } from '@darkroom/contracts';
import { unlockCookies, unlockValues, VISITOR_COOKIE, visitorValues } from '../../http/cookies';
import { route } from '../../http/route';
import { withScopeHeaders } from '../../http/security-headers';
import { DELIVERY_HEADERS } from './delivery.routes';
import { gallerySelections, registerVisitor, reopenSelection, saveNote, submitSelection } from './selections.service';

/** HTTP routes of each visitor's selection: the customer's (public, the token is the credential) and the studio's. */
export async function selectionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, selectionsApi.list, ({ ctx, params }) => gallerySelections(ctx, params.id));
  route(app, selectionsApi.reopen, ({ ctx, params }) => reopenSelection(ctx, params.id, params.visitor));

  await app.register(async (scope) => {
    withScopeHeaders(scope, DELIVERY_HEADERS);

    route(scope, selectionsApi.visitor, async ({ ctx, params, body, request, reply }) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request), { anonymous: true });
      const id = await registerVisitor(ctx, access, body);
      const value = await ctx.delivery.visitorValue(ctx, params.token, id);
      reply.header('set-cookie', unlockCookies(request, params.token, value, VISITOR_COOKIE));
      return null;
    });

    route(scope, selectionsApi.submit, async ({ ctx, params, request }) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request), { visitorValues: visitorValues(request) });
      return submitSelection(ctx, access);
    });

    route(scope, selectionsApi.note, async ({ ctx, params, body, request }) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request), { visitorValues: visitorValues(request) });
      return saveNote(ctx, access, params.id, body.text);
    });
  });
}
