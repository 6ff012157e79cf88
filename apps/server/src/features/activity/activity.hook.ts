import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { contextOf } from '../../http/request-context';
import { auditEventOf, recordAudit } from './activity.service';

/**
 * Every successful admin write leaves an activity entry, written before its answer leaves (an
 * acknowledged write always has its entry): one hook on each declared write route, reading what
 * `route()` recorded of the call. A new write route is logged without asking.
 */
export function registerActivityLog(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const ep = route.config?.endpoint;
    if (!ep || ep.method === 'GET' || ep.access === 'public' || ep.audit === false) return;
    const record: onSendHookHandler = async (request, reply, payload) => {
      const call = request.routeCall;
      const event = call && reply.statusCode < 400 ? auditEventOf(ep, call) : null;
      if (event) await recordAudit(contextOf(request), event);
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), record];
  });
}
