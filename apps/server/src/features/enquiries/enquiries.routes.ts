import type { FastifyInstance } from 'fastify';
import { enquiriesApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { ENQUIRIES_CACHE_TAG, enquiryList, receiveEnquiry, removeEnquiry } from './enquiries.service';

/**
 * HTTP routes of the enquiries area: the admin list and delete (the spec's spelling,
 * `user-enqueries`), and the public intake under /site/, which needs no token.
 */
export async function enquiriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, enquiriesApi.list, ({ ctx, cached }) => cached(ENQUIRIES_CACHE_TAG, 'list', () => enquiryList(ctx)));
  route(app, enquiriesApi.remove, ({ ctx, params }) => removeEnquiry(ctx, params.id));
  route(app, enquiriesApi.receive, ({ ctx, body }) => receiveEnquiry(ctx, body));
}
