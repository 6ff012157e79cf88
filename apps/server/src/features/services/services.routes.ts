import type { FastifyInstance } from 'fastify';
import { SERVICE_MESSAGES, serviceCreateSchema, serviceUpdateSchema } from '@darkroom/contracts';
import { cachedListRoute } from '../../lib/cached-json';
import { fileOf, readForm, type ParsedForm, type UploadedFile } from '../../lib/read-form';
import { parseId, validate, validateWithFile, type IdParams } from '../../lib/validate';
import { createService, deleteService, getService, listServices, SERVICES_TAG, updateService } from './services.service';

const BASE = '/adminportal/manage-services/';

/**
 * The spec's client sends the one cover file three times (cover_image, site_cover_image,
 * orig_image); the server derives all three from the first one present and ignores the copies.
 */
function coverFile(form: ParsedForm): UploadedFile | undefined {
  return fileOf(form, 'cover_image') ?? fileOf(form, 'site_cover_image') ?? fileOf(form, 'orig_image');
}

/** HTTP routes of the services area. */
export async function servicesRoutes(app: FastifyInstance): Promise<void> {
  cachedListRoute(app, BASE, SERVICES_TAG, () => listServices(app));

  app.get<IdParams>(`${BASE}:id/`, async (request) => getService(app, parseId(request.params.id)));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    const { data, file } = validateWithFile(serviceCreateSchema, form.fields, {
      field: 'cover_image',
      value: coverFile(form),
      missing: SERVICE_MESSAGES.coverRequired,
    });
    return reply.code(201).send(await createService(app, data, file));
  });

  app.patch<IdParams>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    const input = validate(serviceUpdateSchema, form.fields);
    return updateService(app, id, input, coverFile(form));
  });

  app.delete<IdParams>(`${BASE}:id/`, async (request, reply) => {
    await deleteService(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
