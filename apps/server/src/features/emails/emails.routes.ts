import type { FastifyInstance } from 'fastify';
import { currentAccount } from '../../auth/guard';
import { readForm } from '../../lib/read-form';
import { sendEmail } from './emails.service';

/** HTTP routes of the emails area. */
export async function emailsRoutes(app: FastifyInstance): Promise<void> {
  // 200 when at least one message went out; 502 (same body) when the mail server took none.
  app.post('/adminportal/send-email/', async (request, reply) => {
    const form = await readForm(request);
    const result = await sendEmail(app, form.fields, currentAccount(request));
    return reply.code(result.status === 'failed' ? 502 : 200).send(result);
  });
}
