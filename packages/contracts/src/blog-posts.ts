import { z } from 'zod';
import { endpoint } from './endpoint';
import { pathId, requiredText } from './forms';
import { imageViewSchema } from './uploads';

/**
 * The journal: posts whose body is the editor's ProseMirror JSON (TipTap's `getJSON()`). The
 * schema below is the editor's schema: every node and mark type the portal's editor makes, with
 * the attributes it gives them, and nothing else. The server renders it to HTML from the same
 * list, so what a post shows never depends on what a client sent beyond these shapes.
 */

export const BLOG_LIMITS = {
  title: 200,
  slug: 80,
  excerpt: 500,
  tags: 10,
  tag: 40,
  seoTitle: 70,
  seoDescription: 300,
  text: 20_000,
  href: 2000,
  alt: 200,
  gridPhotos: 12,
  /** Bytes of a post's JSON (its body included). */
  bodyBytes: 512 * 1024,
} as const;

export const BLOG_MESSAGES = {
  titleRequired: 'Title is required',
  slugInvalid: 'Use lowercase letters, digits and single hyphens',
  bodyInvalid: 'The body holds something the editor does not make',
  linkInvalid: 'Links must start with http://, https:// or mailto:',
  publishAtRequired: 'Choose when to publish',
  publishAtInvalid: 'Enter a date and time',
  coverNotOwn: "The cover must be one of this post's photos",
  photoNotOwn: 'A photo block names a photo this post does not have',
  tagInvalid: `A tag is 1 to ${BLOG_LIMITS.tag} characters`,
  tooManyTags: `At most ${BLOG_LIMITS.tags} tags`,
  created: 'Post successfully created',
  updated: 'Post successfully updated',
  deleted: 'Post successfully deleted',
  deleteConfirm: 'Delete this post? Its photos are deleted with it.',
  photoAdded: 'Photo added',
  photoRemoved: 'Photo removed',
} as const;

/**
 * The refusal to remove a photo a photo block shows, naming it as the editor's photo list does
 * ("Photo 2": its place among the post's photos, oldest first). The block goes first, so the
 * post never shows a hole where a photo was.
 */
export function blogPhotoInBodyMessage(position: number): string {
  return `Photo ${position} is in the body: remove its photo block and save the post first.`;
}

export const BLOG_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** A link target a post may hold: web pages and e-mail addresses only. */
export function isSafeHref(href: string): boolean {
  return /^(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+)$/i.test(href.trim());
}

// ---- The editor's schema (ProseMirror JSON) ----

const nullishString = z.string().max(BLOG_LIMITS.href).nullish();
const markSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('bold') }),
    z.strictObject({ type: z.literal('italic') }),
    z.strictObject({ type: z.literal('strike') }),
    z.strictObject({ type: z.literal('underline') }),
    z.strictObject({ type: z.literal('code') }),
    z.strictObject({
      type: z.literal('link'),
      attrs: z.strictObject({
        href: z.string().max(BLOG_LIMITS.href).refine(isSafeHref, { error: BLOG_MESSAGES.linkInvalid }),
        target: nullishString,
        rel: nullishString,
        class: nullishString,
        title: nullishString,
      }),
    }),
  ],
  { error: BLOG_MESSAGES.bodyInvalid },
);
export type BlogMark = z.infer<typeof markSchema>;

const textNode = z.strictObject({
  type: z.literal('text'),
  text: z.string().min(1).max(BLOG_LIMITS.text),
  marks: z.array(markSchema).max(8).optional(),
});
const hardBreak = z.strictObject({ type: z.literal('hardBreak'), marks: z.array(markSchema).max(8).optional() });
const inlineNode = z.discriminatedUnion('type', [textNode, hardBreak], { error: BLOG_MESSAGES.bodyInvalid });
export type BlogInline = z.infer<typeof inlineNode>;
const inline = z.array(inlineNode).max(2000).optional();

/** A photo block: one photo, or a grid of several, each one of the post's own uploads. */
const photosNode = z.strictObject({
  type: z.literal('photos'),
  attrs: z.strictObject({
    photos: z
      .array(z.strictObject({ id: z.number().int().min(1), alt: z.string().max(BLOG_LIMITS.alt).default('') }))
      .min(1)
      .max(BLOG_LIMITS.gridPhotos),
  }),
});

export type BlogBlock =
  | { type: 'paragraph'; content?: BlogInline[] }
  | { type: 'heading'; attrs: { level: 2 | 3 | 4 }; content?: BlogInline[] }
  | { type: 'blockquote'; content: BlogBlock[] }
  | { type: 'bulletList'; content: BlogListItem[] }
  | { type: 'orderedList'; attrs?: { start?: number; type?: string | null }; content: BlogListItem[] }
  | { type: 'codeBlock'; attrs?: { language?: string | null }; content?: BlogInline[] }
  | { type: 'horizontalRule' }
  | z.infer<typeof photosNode>;
export interface BlogListItem {
  type: 'listItem';
  content: BlogBlock[];
}
export interface BlogDoc {
  type: 'doc';
  content: BlogBlock[];
}

const blocks = (): z.ZodType<BlogBlock[]> => z.array(blockNode).min(1).max(2000);
const listItem: z.ZodType<BlogListItem> = z.lazy(() => z.strictObject({ type: z.literal('listItem'), content: blocks() }));
const blockNode: z.ZodType<BlogBlock> = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    [
      z.strictObject({ type: z.literal('paragraph'), content: inline }),
      z.strictObject({
        type: z.literal('heading'),
        attrs: z.strictObject({ level: z.union([z.literal(2), z.literal(3), z.literal(4)]) }),
        content: inline,
      }),
      z.strictObject({ type: z.literal('blockquote'), content: blocks() }),
      z.strictObject({ type: z.literal('bulletList'), content: z.array(listItem).min(1).max(500) }),
      z.strictObject({
        type: z.literal('orderedList'),
        attrs: z.strictObject({ start: z.number().int().min(0).max(100_000).optional(), type: z.string().max(4).nullish() }).optional(),
        content: z.array(listItem).min(1).max(500),
      }),
      z.strictObject({
        type: z.literal('codeBlock'),
        attrs: z.strictObject({ language: z.string().max(40).nullish() }).optional(),
        content: inline,
      }),
      z.strictObject({ type: z.literal('horizontalRule') }),
      photosNode,
    ],
    { error: BLOG_MESSAGES.bodyInvalid },
  ),
);

/**
 * A post's body: the editor's document. Its blocks are checked by the recursive schema above
 * inside a transform, so the API reference describes a flat shape (a JSON Schema of a recursive
 * zod schema would need references the reference's document cannot hold).
 */
export const blogBodySchema: z.ZodType<BlogDoc, unknown> = z
  .strictObject({ type: z.literal('doc'), content: z.array(z.unknown()).max(2000) }, { error: BLOG_MESSAGES.bodyInvalid })
  .transform((doc, ctx) => {
    const blocks = z.array(blockNode).safeParse(doc.content);
    if (blocks.success) return { type: 'doc' as const, content: blocks.data };
    for (const issue of blocks.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['content', ...issue.path] });
    return z.NEVER;
  });

export const EMPTY_BLOG_BODY: BlogDoc = { type: 'doc', content: [{ type: 'paragraph' }] };

/** The photo ids a body's photo blocks name. */
export function photoIdsOf(doc: BlogDoc): number[] {
  const ids: number[] = [];
  const walk = (nodes: readonly BlogBlock[]) => {
    for (const n of nodes) {
      if (n.type === 'photos') ids.push(...n.attrs.photos.map((p) => p.id));
      else if (n.type === 'blockquote') walk(n.content);
      else if (n.type === 'bulletList' || n.type === 'orderedList') for (const item of n.content) walk(item.content);
    }
  };
  walk(doc.content);
  return ids;
}

/** A slug from any text: lowercase ASCII words joined by hyphens. */
export function slugify(text: string, max: number = BLOG_LIMITS.slug): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

// ---- Admin API ----

const tagSchema = z.string().trim().min(1, { error: BLOG_MESSAGES.tagInvalid }).max(BLOG_LIMITS.tag, { error: BLOG_MESSAGES.tagInvalid });
const limited = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Ensure this field has no more than ${max} characters.` });

const postFields = {
  title: requiredText(BLOG_MESSAGES.titleRequired, BLOG_LIMITS.title),
  /** Empty: made from the title. */
  slug: z
    .string()
    .trim()
    .max(BLOG_LIMITS.slug, { error: `Ensure this field has no more than ${BLOG_LIMITS.slug} characters.` })
    .refine((s) => s === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s), { error: BLOG_MESSAGES.slugInvalid }),
  excerpt: limited(BLOG_LIMITS.excerpt),
  body: blogBodySchema,
  /** One of the post's photos (its id), or null. */
  cover_image: z.number().int().min(1).nullable(),
  tags: z.array(tagSchema).max(BLOG_LIMITS.tags, { error: BLOG_MESSAGES.tooManyTags }),
  seo_title: limited(BLOG_LIMITS.seoTitle),
  seo_description: limited(BLOG_LIMITS.seoDescription),
  status: z.enum(BLOG_STATUSES, { error: 'Choose draft, published or scheduled' }),
  publish_at: z.iso.datetime({ offset: true, error: BLOG_MESSAGES.publishAtInvalid }).nullable(),
};

const needsPublishAt = (v: { status?: BlogStatus; publish_at?: string | null }) => v.status !== 'scheduled' || !!v.publish_at;
const publishAtIssue = { error: BLOG_MESSAGES.publishAtRequired, path: ['publish_at'] };

export const blogPostCreateSchema = z
  .object({
    ...postFields,
    slug: postFields.slug.default(''),
    excerpt: postFields.excerpt.default(''),
    body: postFields.body.default(EMPTY_BLOG_BODY),
    cover_image: postFields.cover_image.default(null),
    tags: postFields.tags.default([]),
    seo_title: postFields.seo_title.default(''),
    seo_description: postFields.seo_description.default(''),
    status: postFields.status.default('draft'),
    publish_at: postFields.publish_at.default(null),
  })
  .refine(needsPublishAt, publishAtIssue);
export type BlogPostCreateInput = z.infer<typeof blogPostCreateSchema>;

/** PATCH: only the fields sent change; a post turned `scheduled` needs its time (sent or kept). */
export const blogPostUpdateSchema = z.object(postFields).partial();
export type BlogPostUpdateInput = z.infer<typeof blogPostUpdateSchema>;

export const blogPhotoSchema = z.object({ id: z.number().int(), image: imageViewSchema });
export type BlogPhoto = z.infer<typeof blogPhotoSchema>;

export const blogPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  body: z.unknown(),
  cover_image: z.number().int().nullable(),
  cover_image_view: imageViewSchema.nullable(),
  tags: z.array(z.string()),
  seo_title: z.string(),
  seo_description: z.string(),
  status: z.enum(BLOG_STATUSES),
  publish_at: z.string().nullable(),
  /** Whether the website shows it now (published, or scheduled and due). */
  live: z.boolean(),
  /** The website's address of the post. */
  path: z.string(),
  photos: z.array(blogPhotoSchema),
  time_created: z.string(),
  time_updated: z.string(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

const BASE = '/adminportal/blog-posts/';
const byId = z.object({ id: pathId });

export const blogPostsApi = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    tag: 'blog-posts',
    summary: 'Every post, newest first',
    response: z.array(blogPostSchema.omit({ body: true, photos: true })),
  }),
  get: endpoint({ method: 'GET', path: `${BASE}{id}/`, tag: 'blog-posts', summary: 'One post', params: byId, response: blogPostSchema }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    tag: 'blog-posts',
    summary: 'Create a post (a draft unless it says otherwise)',
    body: blogPostCreateSchema,
    bodyLimit: BLOG_LIMITS.bodyBytes,
    response: blogPostSchema,
    status: 201,
  }),
  update: endpoint({
    method: 'PATCH',
    path: `${BASE}{id}/`,
    tag: 'blog-posts',
    summary: 'Change fields, publish or schedule',
    params: byId,
    body: blogPostUpdateSchema,
    bodyLimit: BLOG_LIMITS.bodyBytes,
    response: blogPostSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}{id}/`,
    tag: 'blog-posts',
    summary: 'Delete a post with its photos',
    params: byId,
    response: null,
    status: 204,
  }),
  addPhoto: endpoint({
    method: 'POST',
    path: `${BASE}{id}/photos/`,
    tag: 'blog-posts',
    summary: "Upload a photo for the post's body or cover",
    params: byId,
    files: { image: { maxFiles: 1 } },
    requiredFile: { field: 'image', message: 'Choose a photo' },
    response: blogPhotoSchema,
    status: 201,
  }),
  removePhoto: endpoint({
    method: 'DELETE',
    path: `${BASE}{id}/photos/{photo_id}/`,
    tag: 'blog-posts',
    summary: "Remove one of the post's photos (409 while the saved body shows it; the cover is cleared if it was the cover)",
    params: z.object({ id: pathId, photo_id: pathId }),
    response: null,
    status: 204,
  }),
} as const;

// ---- Public API ----

/** Posts per page of the journal, in the JSON and on the website alike. */
export const JOURNAL_PAGE_SIZE = 10;

export const sitePostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** `/journal/<id>-<slug>/`. */
  path: z.string(),
  title: z.string(),
  excerpt: z.string(),
  cover: imageViewSchema.nullable(),
  tags: z.array(z.string()),
  published_at: z.string(),
  updated_at: z.string(),
});
export type SitePostSummary = z.infer<typeof sitePostSummarySchema>;

export const sitePostSchema = sitePostSummarySchema.extend({
  seo_title: z.string(),
  seo_description: z.string(),
  /** The body rendered on the server from the allow-list. */
  html: z.string(),
});
export type SitePost = z.infer<typeof sitePostSchema>;

export const sitePostPageSchema = z.object({
  items: z.array(sitePostSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** The next page's address, or null. */
  next: z.string().nullable(),
});
export type SitePostPage = z.infer<typeof sitePostPageSchema>;

export const sitePostsQuery = z.object({
  page: z.coerce.number({ error: 'Use a page number' }).int().min(1).max(1_000_000).optional(),
  tag: z.string().trim().max(BLOG_LIMITS.tag).optional(),
});

export const sitePostsApi = {
  list: endpoint({
    method: 'GET',
    path: '/site/posts/',
    access: 'public',
    tag: 'site',
    summary: 'Published posts, newest first (`?page=N`, `?tag=`)',
    query: sitePostsQuery,
    response: sitePostPageSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/site/posts/{id}/',
    access: 'public',
    tag: 'site',
    summary: 'One published post with its body as safe HTML',
    params: byId,
    response: sitePostSchema,
  }),
} as const;
