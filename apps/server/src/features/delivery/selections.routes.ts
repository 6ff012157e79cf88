import type { FastifyInstance } from 'fastify';
import { deliveryTokenSchema, selectionsApi } from '@darkroom/contracts';
import type { VisitorFormState } from '@darkroom/site/model';
import { isBrowserForm } from '../../http/browser-form';
import { contextOf } from '../../http/request-context';
import { HttpError, ValidationError } from '../../lib/errors';
import { sendRegisterPage } from './delivery-page.routes';
import { deliveryUrl } from './delivery.service';
import { unlockCookies, unlockValues, VISITOR_COOKIE, visitorValues } from '../../http/cookies';
import { route } from '../../http/route';
import { withScopeHeaders } from '../../http/security-headers';
import { DELIVERY_HEADERS } from './delivery.routes';
import { gallerySelections, registerVisitor, reopenSelection, saveNote, submitSelection } from './selections.service';

/** HTTP routes of each visitor's selection: the customer's (public, the token is the credential) and the studio's. */
export async function selectionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, selectionsApi.list, ({ ctx, params }) => gallerySelections(ctx, params.id));
  route(app, selectionsApi.reopen, ({ ctx, params }) => reopenSelection(ctx, params.id, params.visitor));

  // The visitor's name: JSON for the page's script; for a browser's plain form post a 303 back to
  // the gallery, or the form again with its entries and messages (the same rules and throttle).
  await app.register(async (scope) => {
    withScopeHeaders(scope, DELIVERY_HEADERS);
    scope.setErrorHandler(async (error, request, reply) => {
      const { token } = request.params as { token: string };
      if (!isBrowserForm(request) || !deliveryTokenSchema.safeParse(token).success) throw error;
      const fields = ['name', 'email'] as const;
      const body = (request.body ?? {}) as Record<string, unknown>;
      const values = { name: '', email: '' };
      for (const f of fields) if (typeof body[f] === 'string') values[f] = body[f];
      const ctx = contextOf(request);
      // Locked, expired or gone: the gallery's page says which.
      const backToPage = () => reply.redirect(deliveryUrl(token), 303);
      const form = async (status: number, state: VisitorFormState) => {
        const access = await ctx.delivery.access(ctx, token, unlockValues(request));
        if (access.state !== 'open') return backToPage();
        return sendRegisterPage(request, reply, access.title, status, state);
      };
      if (error instanceof ValidationError && fields.some((f) => error.fields[f])) {
        const errors: VisitorFormState['errors'] = {};
        for (const f of fields) if (error.fields[f]?.[0]) errors[f] = error.fields[f][0];
        return form(400, { values, errors, failure: null });
      }
      if (error instanceof HttpError && error.statusCode === 429) {
        if (error.headers) reply.headers(error.headers);
        return form(429, { values, errors: {}, failure: error.detail });
      }
      if (error instanceof HttpError && [401, 404, 410].includes(error.statusCode)) return backToPage();
      throw error;
    });

    route(scope, selectionsApi.visitor, async ({ ctx, params, body, request, reply }) => {
      const access = await ctx.delivery.open(ctx, params.token, unlockValues(request), { anonymous: true });
      const id = await registerVisitor(ctx, access, body);
      const value = await ctx.delivery.visitorValue(ctx, params.token, id);
      reply.header('set-cookie', unlockCookies(request, params.token, value, VISITOR_COOKIE));
      if (isBrowserForm(request)) return reply.redirect(deliveryUrl(params.token), 303);
      return null;
    });
  });

  await app.register(async (scope) => {
    withScopeHeaders(scope, DELIVERY_HEADERS);

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
