import type { FastifyInstance } from 'fastify';
import { loginSchema } from '@darkroom/contracts';
import { readForm } from '../lib/read-form';
import { validate } from '../lib/validate';
import { login } from './auth.service';
import { PUBLIC_ROUTE } from './guard';
import { revokeToken } from './tokens';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post('/accounts/auth-admin/login/', PUBLIC_ROUTE, async (request) => {
    const form = await readForm(request);
    const input = validate(loginSchema, form.fields);
    return login({ db: app.db, config: app.config, limiter: app.limiter }, input, request.ip);
  });

  app.post('/accounts/logout/', async (request, reply) => {
    if (request.tokenId) await revokeToken(app.db, request.tokenId);
    return reply.send({ status: true, detail: 'Successfully logged out.' });
  });
}
