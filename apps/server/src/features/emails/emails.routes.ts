import type { FastifyInstance } from 'fastify';
import { emailsApi } from '@darkroom/contracts';
import { actingAdmin } from '../../context';
import { route } from '../../http/route';
import { SENT_EMAILS_CACHE_TAG, sendEmail, sentEmailHistory } from './emails.service';
import { outgoingMailList } from './outgoing.service';

/** HTTP routes of the emails area. */
export async function emailsRoutes(app: FastifyInstance): Promise<void> {
  route(app, emailsApi.history, ({ ctx, cached }) => cached(SENT_EMAILS_CACHE_TAG, 'list', () => sentEmailHistory(ctx)));
  route(app, emailsApi.messages, ({ ctx, cached }) => cached(SENT_EMAILS_CACHE_TAG, 'messages', () => outgoingMailList(ctx)));
  // The messages are queued: the answer never waits for the mail server.
  route(app, emailsApi.send, ({ ctx, body }) => sendEmail(ctx, body, actingAdmin(ctx)));
}
