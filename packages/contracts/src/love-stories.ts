import { z } from 'zod';
import { endpoint } from './endpoint';
import { formBoolean, formId, optionalText, pathId, requiredText } from './forms';
import { TEXT_MAX } from './limits';
import { imageShape, requiredOnCreate, type ChosenFile, type FormMode } from './uploads';
import { seoFields } from './seo';

/** Love story strings: quoted ones are verbatim from the spec. */
export const LOVE_STORY_MESSAGES = {
  titleRequired: 'Title is required',
  userRequired: 'User is required',
  // The spec names the rule ('Description1 is required') without quoting a message.
  description1Required: 'Description 1 is required',
  descriptionInvalid: 'Description must be a JSON object with description1 to description5',
  coverRequired: 'Love story cover image is required',
  created: 'Love story successfully created',
  updated: 'Love story successfully updated',
  deleted: 'Love story successfully deleted',
  updateFailed: 'Love story update failed',
  // The spec's only other love story failure text; used for create and delete failures.
  failed: 'Failed to process request',
  empty: 'No love stories yet. Create the first one.',
} as const;

/** Label the publish toggle builds its messages from ('Love story successfully publish', ...). */
export const LOVE_STORY_PUBLISH_LABEL = 'Love story';

export const LOVE_STORY_DESCRIPTION_KEYS = ['description1', 'description2', 'description3', 'description4', 'description5'] as const;
export type LoveStoryDescriptionKey = (typeof LOVE_STORY_DESCRIPTION_KEYS)[number];
/** The spec's description: an object with description1..description5 (sent and returned as a JSON string). */
export type LoveStoryDescription = Record<LoveStoryDescriptionKey, string>;

/** The fields of a love story, flat (descriptions side by side), shared by the server and the dialog. */
export const loveStoryFieldsSchema = z.object({
  title: requiredText(LOVE_STORY_MESSAGES.titleRequired, TEXT_MAX.medium),
  user: formId(LOVE_STORY_MESSAGES.userRequired),
  description1: requiredText(LOVE_STORY_MESSAGES.description1Required, TEXT_MAX.long),
  description2: optionalText(TEXT_MAX.long),
  description3: optionalText(TEXT_MAX.long),
  description4: optionalText(TEXT_MAX.long),
  description5: optionalText(TEXT_MAX.long),
  ...seoFields,
});

/** PATCH: any field (same rules when sent) and/or the publish status. */
export const loveStoryPatchSchema = loveStoryFieldsSchema.partial().extend({ status: formBoolean.optional() });
export type LoveStoryPatch = z.output<typeof loveStoryPatchSchema>;

/**
 * Reads the spec's `description` (a JSON string or an object) into description1..5 fields.
 * Returns null when it is neither; absent input gives an empty object.
 */
export function parseLoveStoryDescription(raw: unknown): Partial<Record<LoveStoryDescriptionKey, unknown>> | null {
  if (raw === undefined || raw === null || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Partial<Record<LoveStoryDescriptionKey, unknown>> = {};
  for (const key of LOVE_STORY_DESCRIPTION_KEYS) if (key in value) out[key] = (value as Record<string, unknown>)[key];
  return out;
}

/**
 * The stored description as all five texts, for showing or editing: an unreadable value, a
 * missing key or a non-text value reads as blank.
 */
export function readLoveStoryDescription(raw: unknown): LoveStoryDescription {
  const parsed = parseLoveStoryDescription(raw) ?? {};
  const out = {} as LoveStoryDescription;
  for (const key of LOVE_STORY_DESCRIPTION_KEYS) {
    const value = parsed[key];
    out[key] = typeof value === 'string' ? value : '';
  }
  return out;
}

/** The create/edit dialog: the cover is required on create only; on edit it is sent only if new. */
export function loveStoryFormSchema<F extends ChosenFile = ChosenFile>(mode: FormMode) {
  return loveStoryFieldsSchema.extend({ cover_image: requiredOnCreate<F>(mode, LOVE_STORY_MESSAGES.coverRequired) });
}
export type LoveStoryFormValues<F extends ChosenFile = ChosenFile> = z.input<ReturnType<typeof loveStoryFormSchema<F>>>;
export type LoveStoryFormOutput<F extends ChosenFile = ChosenFile> = z.output<ReturnType<typeof loveStoryFormSchema<F>>>;

export const loveStorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** URL of the cover (largest web variant), and its view. */
  ...imageShape('cover_image'),
  /** URL of the square crop of the same upload. */
  square_image: z.string(),
  /** URL of the 16:9 crop of the same upload. */
  land_scape_image: z.string(),
  /** JSON string of {description1..description5}, as the spec has it. */
  description: z.string(),
  /** Account id of the customer the story belongs to (null if that account was deleted). */
  user: z.number().int().nullable(),
  /** The customer's display name. */
  user_text: z.string(),
  status: z.boolean(),
  seo_title: z.string(),
  seo_description: z.string(),
  time_created: z.string(),
});
export type LoveStory = z.infer<typeof loveStorySchema>;

/**
 * The request as the spec's client sends it, flattened: `description` (a JSON string or an
 * object) becomes description1..5 beside title, user and status; loose description1..5 fields are
 * accepted too, and the JSON wins.
 */
function flattenLoveStoryRequest(raw: unknown, ctx: z.RefinementCtx): unknown {
  const fields = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const described = parseLoveStoryDescription(fields.description);
  if (described === null) {
    ctx.addIssue({ code: 'custom', path: ['description'], message: LOVE_STORY_MESSAGES.descriptionInvalid });
    return z.NEVER;
  }
  const out: Record<string, unknown> = {};
  for (const key of ['title', 'user', 'status', 'seo_title', 'seo_description', ...LOVE_STORY_DESCRIPTION_KEYS])
    if (fields[key] !== undefined) out[key] = fields[key];
  return { ...out, ...described };
}

export const loveStoryCreateRequestSchema = z.preprocess(
  flattenLoveStoryRequest,
  loveStoryFieldsSchema.extend({ status: formBoolean.optional() }),
);
export const loveStoryPatchRequestSchema = z.preprocess(flattenLoveStoryRequest, loveStoryPatchSchema);
export type LoveStoryCreateInput = z.output<typeof loveStoryCreateRequestSchema>;

const LOVE_STORIES = '/adminportal/manage-love-stories/';
const byId = z.object({ id: pathId });
/** The spec's client sends the one cover under all three image names; the first present is kept. */
export const LOVE_STORY_COVER_FIELDS = ['cover_image', 'land_scape_image', 'square_image'] as const;
const coverFiles = { cover_image: { maxFiles: 1 }, land_scape_image: { maxFiles: 1 }, square_image: { maxFiles: 1 } } as const;

export const loveStoriesApi = {
  list: endpoint({
    method: 'GET',
    path: LOVE_STORIES,
    tag: 'love-stories',
    summary: 'Love stories with their customers',
    response: z.array(loveStorySchema),
  }),
  get: endpoint({
    method: 'GET',
    path: `${LOVE_STORIES}{id}/`,
    tag: 'love-stories',
    summary: 'One love story',
    params: byId,
    response: loveStorySchema,
  }),
  create: endpoint({
    method: 'POST',
    path: LOVE_STORIES,
    tag: 'love-stories',
    summary: 'Create a love story with its cover',
    body: loveStoryCreateRequestSchema,
    files: coverFiles,
    requiredFile: { field: 'cover_image', fields: LOVE_STORY_COVER_FIELDS, message: LOVE_STORY_MESSAGES.coverRequired },
    response: loveStorySchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${LOVE_STORIES}{id}/`,
    tag: 'love-stories',
    summary: 'Change fields, the cover or the publish status',
    params: byId,
    body: loveStoryPatchRequestSchema,
    files: coverFiles,
    response: loveStorySchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${LOVE_STORIES}{id}/`,
    tag: 'love-stories',
    summary: 'Delete a love story with its gallery',
    params: byId,
    response: null,
    status: 204,
  }),
} as const;
