import type { FastifyInstance } from 'fastify';
import { enquiriesApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { ENQUIRIES_CACHE_TAG, enquiryList, removeEnquiry } from './enquiries.service';

/**
 * HTTP routes of the enquiries area: the admin list and delete (the spec's spelling,
 * `user-enqueries`). The public intake, `POST /site/enquiries/`, is registered by the site area
 * (features/site), which also answers a browser's plain form post with a page.
 */
export async function enquiriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, enquiriesApi.list, ({ ctx, cached }) => cached(ENQUIRIES_CACHE_TAG, 'list', () => enquiryList(ctx)));
  route(app, enquiriesApi.remove, ({ ctx, params }) => removeEnquiry(ctx, params.id));
}
