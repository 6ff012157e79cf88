import type { FastifyInstance } from 'fastify';
import { emailsApi } from '@darkroom/contracts';
import { actingAdmin } from '../../context';
import { route } from '../../http/route';
import { SENT_EMAILS_CACHE_TAG, sendEmail, sentEmailHistory } from './emails.service';

/** HTTP routes of the emails area. */
export async function emailsRoutes(app: FastifyInstance): Promise<void> {
  route(app, emailsApi.history, ({ ctx, cached }) => cached(SENT_EMAILS_CACHE_TAG, 'list', () => sentEmailHistory(ctx)));
  // 200 when at least one message went out; 502 (same body) when the mail server took none.
  route(app, emailsApi.send, async ({ ctx, body, status }) => {
    const result = await sendEmail(ctx, body, actingAdmin(ctx));
    if (result.status === 'failed') status(502);
    return result;
  });
}
