import type { FastifyInstance } from 'fastify';
import { currentAccount } from '../../auth/guard';
import { cachedListRoute } from '../../lib/cached-json';
import { readForm } from '../../lib/read-form';
import { SENT_EMAILS_CACHE_TAG, sendEmail, sentEmailHistory } from './emails.service';

/** HTTP routes of the emails area. */
export async function emailsRoutes(app: FastifyInstance): Promise<void> {
  cachedListRoute(app, '/adminportal/send-email/', SENT_EMAILS_CACHE_TAG, () => sentEmailHistory(app));

  // 200 when at least one message went out; 502 (same body) when the mail server took none.
  app.post('/adminportal/send-email/', async (request, reply) => {
    const form = await readForm(request);
    const result = await sendEmail(app, form.fields, currentAccount(request));
    return reply.code(result.status === 'failed' ? 502 : 200).send(result);
  });
}
