import type { FastifyInstance } from 'fastify';
import {
  pageImageCreateSchema,
  pageImageRequiredMessage,
  pageImageUpdateSchema,
  toFieldErrors,
  type FieldErrors,
} from '@darkroom/contracts';
import { ValidationError } from '../../lib/errors';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId, validate } from '../../lib/validate';
import { createPageImage, deletePageImage, getPageImage, pageImagesJson, pageTypes, updatePageImage } from './page-images.service';

const BASE = '/adminportal/pages-images/';

/** HTTP routes of the page-images area. */
export async function pageImagesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/adminportal/page-types/', async () => pageTypes());

  app.get(BASE, async (_request, reply) => reply.type('application/json').send(await pageImagesJson(app)));

  app.get<{ Params: { id: string } }>(`${BASE}:id/`, async (request) => getPageImage(app, parseId(request.params.id)));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    const file = fileOf(form, 'image');
    const parsed = pageImageCreateSchema.safeParse(form.fields);
    const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
    if (!file) errors.image = [pageImageRequiredMessage(parsed.success ? parsed.data.page : Number(form.fields.page) || null)];
    if (!parsed.success || Object.keys(errors).length) throw new ValidationError(errors);
    return reply.code(201).send(await createPageImage(app, parsed.data, file));
  });

  app.patch<{ Params: { id: string } }>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    const input = validate(pageImageUpdateSchema, form.fields);
    return updatePageImage(app, id, input, fileOf(form, 'image'));
  });

  app.delete<{ Params: { id: string } }>(`${BASE}:id/`, async (request, reply) => {
    await deletePageImage(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
