import type { FastifyInstance } from 'fastify';
import { enquiriesApi } from '@darkroom/contracts';
import { route } from '../../http/route';
import { convertEnquiry, ENQUIRY_LIST_TAGS, enquiryList, removeEnquiry, replyToEnquiry, updateEnquiryFields } from './enquiries.service';

/**
 * HTTP routes of the enquiries area: the admin pipeline (list, status and notes, reply, convert,
 * delete; the spec's spelling, `user-enqueries`). The public intake, `POST /site/enquiries/`, is
 * registered by the site area (features/site), which also answers a browser's plain form post with a page.
 */
export async function enquiriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, enquiriesApi.list, ({ ctx, query, cached }) =>
    cached(ENQUIRY_LIST_TAGS, `list:${JSON.stringify(query)}`, () => enquiryList(ctx, query)),
  );
  route(app, enquiriesApi.update, ({ ctx, params, body }) => updateEnquiryFields(ctx, params.id, body));
  route(app, enquiriesApi.reply, ({ ctx, params, body }) => replyToEnquiry(ctx, params.id, body));
  route(app, enquiriesApi.convert, ({ ctx, params, body }) => convertEnquiry(ctx, params.id, body));
  route(app, enquiriesApi.remove, ({ ctx, params }) => removeEnquiry(ctx, params.id));
}
