import type { FastifyInstance } from 'fastify';
import { SERVICE_MESSAGES, serviceCreateSchema, serviceUpdateSchema, toFieldErrors, type FieldErrors } from '@darkroom/contracts';
import { ValidationError } from '../../lib/errors';
import { fileOf, readForm, type ParsedForm, type UploadedFile } from '../../lib/read-form';
import { parseId, validate } from '../../lib/validate';
import { createService, deleteService, getService, servicesJson, updateService } from './services.service';

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
  app.get(BASE, async (_request, reply) => reply.type('application/json').send(await servicesJson(app)));

  app.get<{ Params: { id: string } }>(`${BASE}:id/`, async (request) => getService(app, parseId(request.params.id)));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    const cover = coverFile(form);
    // Report every missing field at once, text and image alike.
    const parsed = serviceCreateSchema.safeParse(form.fields);
    const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
    if (!cover) errors.cover_image = [SERVICE_MESSAGES.coverRequired];
    if (!parsed.success || Object.keys(errors).length) throw new ValidationError(errors);
    return reply.code(201).send(await createService(app, parsed.data, cover));
  });

  app.patch<{ Params: { id: string } }>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    const input = validate(serviceUpdateSchema, form.fields);
    return updateService(app, id, input, coverFile(form));
  });

  app.delete<{ Params: { id: string } }>(`${BASE}:id/`, async (request, reply) => {
    await deleteService(app, parseId(request.params.id));
    return reply.code(204).send();
  });
}
