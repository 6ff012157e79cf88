import { z } from 'zod';
import { endpoint, type RequiredFile } from './endpoint';
import { pathId } from './forms';
import { chosenFileOf, requiredOnCreate, type ChosenFile, type FormMode } from './uploads';

/** The API reference's line for each endpoint; `get` and `remove` exist only where given. */
interface Summaries {
  list: string;
  create: string;
  update: string;
  get?: string;
  remove?: string;
}

/**
 * A record of text fields and images (home gallery, team, carousel, about, page images, service
 * page): `fields` is the create body, `patch` the PATCH body (only what is sent changes),
 * `images` the multipart file fields, the first of which `required` names for a create.
 */
interface ImageEntityDescription<P, B, U, R, F extends string, S extends Summaries> {
  path: P;
  tag: string;
  fields: B;
  patch: U;
  response: R;
  images: readonly [F, ...F[]];
  required: RequiredFile['message'];
  summaries: S;
}

type Optional<S extends Summaries> = (S extends { get: string } ? never : 'get') | (S extends { remove: string } ? never : 'remove');

/** The endpoints (list, create, update, and get/remove where summarised) of an image entity. */
export function imageEntityContract<
  const P extends string,
  B extends z.ZodObject,
  U extends z.ZodType,
  R extends z.ZodType,
  const F extends string,
  const S extends Summaries,
>(d: ImageEntityDescription<P, B, U, R, F, S>) {
  const { path, tag, summaries: s, response } = d;
  const byId = z.object({ id: pathId });
  const files = Object.fromEntries(d.images.map((f) => [f, { maxFiles: 1 }])) as Record<F, { maxFiles: 1 }>;
  const api = {
    list: endpoint({ method: 'GET', path, tag, summary: s.list, response: z.array(response) }),
    get: endpoint({ method: 'GET', path: `${path}{id}/`, tag, summary: s.get ?? '', params: byId, response }),
    create: endpoint({
      method: 'POST',
      path,
      tag,
      summary: s.create,
      body: d.fields,
      files,
      requiredFile: { field: d.images[0], message: d.required },
      response,
      status: 201,
    }),
    update: endpoint({ method: 'PATCH', path: `${path}{id}/`, tag, summary: s.update, params: byId, body: d.patch, files, response }),
    remove: endpoint({
      method: 'DELETE',
      path: `${path}{id}/`,
      tag,
      summary: s.remove ?? '',
      params: byId,
      response: null,
      status: 204,
    }),
  };
  if (!s.get) delete (api as Partial<typeof api>).get;
  if (!s.remove) delete (api as Partial<typeof api>).remove;
  return api as Omit<typeof api, Optional<S>>;
}

/**
 * The create/edit dialog's schema: the text fields, and the image `field`, required on create
 * only (on edit it is sent only if new).
 */
export function imageEntityForm<Shape extends z.ZodRawShape, const F extends string>(
  fields: z.ZodObject<Shape>,
  field: F,
  message: string,
) {
  return <C extends ChosenFile = ChosenFile>(mode: FormMode) =>
    z.object({ ...fields.shape, [field]: requiredOnCreate<C>(mode, message) } as Shape & Record<F, ReturnType<typeof chosenFileOf<C>>>);
}
