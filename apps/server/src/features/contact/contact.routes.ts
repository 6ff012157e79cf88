import type { FastifyInstance } from 'fastify';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId } from '../../lib/validate';
import {
  contactInfoListJson,
  contactUsListJson,
  createContactInfo,
  createContactUsContent,
  deleteContactInfo,
  updateContactInfo,
  updateContactUsContent,
} from './contact.service';

const INFO = '/adminportal/manage-contact-us-info/';
const CONTENT = '/adminportal/pages/contact-us-content/';
// The spec updates contact-us content at a path that differs from its list path; both are served.
const CONTENT_UPDATE_PATHS = ['/adminportal/pages/contact-content/:id/', `${CONTENT}:id/`];
type IdParams = { Params: { id: string } };

/** HTTP routes of the contact area: contact information rows and the contact-us page content. */
export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.get(INFO, async (_request, reply) => reply.type('application/json').send(await contactInfoListJson(app)));

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

  app.get(CONTENT, async (_request, reply) => reply.type('application/json').send(await contactUsListJson(app)));

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
