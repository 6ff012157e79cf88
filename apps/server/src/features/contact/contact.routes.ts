import type { FastifyInstance } from 'fastify';
import { contactApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import {
  CONTACT_INFO_CACHE_TAG,
  CONTACT_US_CACHE_TAG,
  createContactInfo,
  createContactUsContent,
  deleteContactInfo,
  listContactInfos,
  listContactUsContent,
  updateContactInfo,
  updateContactUsContent,
} from './contact.service';

/** HTTP routes of the contact area: contact information rows and the contact-us page content. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  route(app, contactApi.infoList, ({ ctx, cached }) => cached(CONTACT_INFO_CACHE_TAG, 'list', () => listContactInfos(ctx)));
  route(app, contactApi.infoCreate, ({ ctx, body }) => createContactInfo(ctx, body));
  route(app, contactApi.infoUpdate, ({ ctx, params, body }) => updateContactInfo(ctx, params.id, body));
  route(app, contactApi.infoRemove, ({ ctx, params }) => deleteContactInfo(ctx, params.id));

  route(app, contactApi.contentList, ({ ctx, cached }) => cached(CONTACT_US_CACHE_TAG, 'list', () => listContactUsContent(ctx)));
  route(app, contactApi.contentCreate, async ({ ctx, body, files, status }) => {
    const { created, content } = await createContactUsContent(ctx, body, firstFile(files, 'nav_image'));
    status(created ? 201 : 200);
    return content;
  });
  for (const ep of [contactApi.contentUpdate, contactApi.contentUpdateAtListPath]) {
    route(app, ep, ({ ctx, params, body, files }) => updateContactUsContent(ctx, params.id, body, firstFile(files, 'nav_image')));
  }
}
