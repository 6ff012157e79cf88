import type { FastifyInstance } from 'fastify';
import { pageImageCreateSchema, pageImageRequiredMessage, pageImageUpdateSchema } from '@darkroom/contracts';
import { cachedListRoute } from '../../lib/cached-json';
import { fileOf, readForm } from '../../lib/read-form';
import { parseId, validate, validateWithFile, type IdParams } from '../../lib/validate';
import {
  createPageImage,
  deletePageImage,
  getPageImage,
  listPageImages,
  PAGE_IMAGES_TAG,
  pageTypes,
  updatePageImage,
} from './page-images.service';

const BASE = '/adminportal/pages-images/';

/** HTTP routes of the page-images area. */
export async function pageImagesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/adminportal/page-types/', async () => pageTypes());

  cachedListRoute(app, BASE, PAGE_IMAGES_TAG, () => listPageImages(app));

  app.get<IdParams>(`${BASE}:id/`, async (request) => getPageImage(app, parseId(request.params.id)));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    const { data, file } = validateWithFile(pageImageCreateSchema, form.fields, {
      field: 'image',
      value: fileOf(form, 'image'),
      // The message names the page: the parsed one, or whatever number was sent.
      missing: (parsed) => pageImageRequiredMessage(parsed ? parsed.page : Number(form.fields.page) || null),
    });
    return reply.code(201).send(await createPageImage(app, data, file));
  });

  app.patch<IdParams>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    const input = validate(pageImageUpdateSchema, form.fields);
    return updatePageImage(app, id, input, fileOf(form, 'image'));
  });

  app.delete<IdParams>(`${BASE}:id/`, async (request, reply) => {
    await deletePageImage(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
