import type { FastifyInstance } from 'fastify';
import { ABOUT_MESSAGES, aboutFieldsSchema, aboutUpdateSchema } from '@darkroom/contracts';
import { cachedListRoute } from '../../lib/cached-json';
import { fileOf, readForm, type ParsedForm } from '../../lib/read-form';
import { parseId, validate, validateWithFile, type IdParams } from '../../lib/validate';
import { ABOUT_TAG, createAbout, listAbout, updateAbout, type AboutFiles } from './about.service';

const BASE = '/adminportal/pages/about-content/';

const filesOf = (form: ParsedForm): AboutFiles => ({ infoImage: fileOf(form, 'info_image'), pageImage: fileOf(form, 'page_image') });

/** HTTP routes of the about area. */
export async function aboutRoutes(app: FastifyInstance): Promise<void> {
  // The about content as a list (the spec reads lists); it holds at most one entry.
  cachedListRoute(app, BASE, ABOUT_TAG, () => listAbout(app));

  app.post(BASE, async (request, reply) => {
    const form = await readForm(request);
    const files = filesOf(form);
    const { data } = validateWithFile(aboutFieldsSchema, form.fields, {
      field: 'info_image',
      value: files.infoImage,
      missing: ABOUT_MESSAGES.infoImageRequired,
    });
    return reply.code(201).send(await createAbout(app, data, files));
  });

  app.patch<IdParams>(`${BASE}:id/`, async (request) => {
    const id = parseId(request.params.id);
    const form = await readForm(request);
    const input = validate(aboutUpdateSchema, form.fields);
    return updateAbout(app, id, input, filesOf(form));
  });
}
