import type { FastifyInstance } from 'fastify';
import { ABOUT_MESSAGES, aboutFieldsSchema, aboutUpdateSchema, toFieldErrors, type FieldErrors } from '@darkroom/contracts';
import { ValidationError } from '../../lib/errors';
import { fileOf, readForm, type ParsedForm } from '../../lib/read-form';
import { parseId, validate } from '../../lib/validate';
import { aboutJson, createAbout, updateAbout, type AboutFiles } from './about.service';

const BASE = '/adminportal/pages/about-content/';

const filesOf = (form: ParsedForm): AboutFiles => ({ infoImage: fileOf(form, 'info_image'), pageImage: fileOf(form, 'page_image') });

/** HTTP routes of the about area. */
export async function aboutRoutes(app: FastifyInstance): Promise<void> {
  app.get(BASE, async (_request, reply) => reply.type('application/json').send(await aboutJson(app)));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    const files = filesOf(form);
    const parsed = aboutFieldsSchema.safeParse(form.fields);
    const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error);
    if (!files.infoImage) errors.info_image = [ABOUT_MESSAGES.infoImageRequired];
    if (!parsed.success || Object.keys(errors).length) throw new ValidationError(errors);
    return reply.code(201).send(await createAbout(app, parsed.data, files));
  });

  app.patch<{ Params: { id: string } }>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    const input = validate(aboutUpdateSchema, form.fields);
    return updateAbout(app, id, input, filesOf(form));
  });
}
