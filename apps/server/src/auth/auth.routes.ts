import type { FastifyInstance } from 'fastify';
import { authApi } from '@darkroom/contracts';
import { route } from '../http/route';
import { login, logout } from './auth.service';

/** Sign-in (public) and sign-out (admin). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  route(app, authApi.login, ({ ctx, body }) => login(ctx, body));
  route(app, authApi.logout, ({ ctx }) => logout(ctx));
}
