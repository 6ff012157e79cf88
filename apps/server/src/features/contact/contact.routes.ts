import type { FastifyInstance } from 'fastify';
import { cachedListRoute } from '../../lib/cached-json';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId, type IdParams } from '../../lib/validate';
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

const INFO = '/adminportal/manage-contact-us-info/';
const CONTENT = '/adminportal/pages/contact-us-content/';
// The spec updates contact-us content at a path that differs from its list path; both are served.
const CONTENT_UPDATE_PATHS = ['/adminportal/pages/contact-content/:id/', `${CONTENT}:id/`];

/** HTTP routes of the contact area: contact information rows and the contact-us page content. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  cachedListRoute(app, INFO, CONTACT_INFO_CACHE_TAG, () => listContactInfos(app));

  app.post(INFO, async (request, reply) => {
    const form = await readForm(request);
    return reply.code(201).send(await createContactInfo(app, form.fields));
  });

  app.patch<IdParams>(`${INFO}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    return updateContactInfo(app, id, form.fields);
  });

  app.delete<IdParams>(`${INFO}:id/`, async (request, reply) => {
    await deleteContactInfo(app, parseId(request.params.id));
    return reply.code(204).send();
  });

  cachedListRoute(app, CONTENT, CONTACT_US_CACHE_TAG, () => listContactUsContent(app));

  app.post(CONTENT, async (request, reply) => {
    const form = await readForm(request);
    const { created, content } = await createContactUsContent(app, form.fields, fileOf(form, 'nav_image'));
    return reply.code(created ? 201 : 200).send(content);
  });

  for (const url of CONTENT_UPDATE_PATHS) {
    app.patch<IdParams>(url, async (request) => {
      const id = parseId(request.params.id);
      const form = await readForm(request);
      return updateContactUsContent(app, id, form.fields, fileOf(form, 'nav_image'));
    });
  }
}
