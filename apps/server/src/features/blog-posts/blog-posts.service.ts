import {
  BLOG_MESSAGES,
  blogPhotoInBodyMessage,
  JOURNAL_PAGE_SIZE,
  photoIdsOf,
  slugify,
  type BlogDoc,
  type BlogPhoto,
  type BlogPost,
  type BlogPostCreateInput,
  type BlogPostUpdateInput,
  type BlogStatus,
  type SiteImage,
  type SitePost,
  type SitePostPage,
  type SitePostSummary,
} from '@darkroom/contracts';
import type { AppContext } from '../../context';
import type { UploadedFile } from '../../http/read-body';
import type { JobQueue } from '../../jobs/queue';
import { HttpError, notFound, orNotFound, ValidationError } from '../../lib/errors';
import { imageView } from '../../media/image-pipeline';
import { deleteWithImages, saveWithImages } from '../../media/save-with-images';
import { bodyText, renderBody } from './body-html';
import {
  deletePhotoRow,
  deletePostRow,
  findPostRow,
  insertPhotoRow,
  insertPostRow,
  listPostRows,
  livePostRow,
  livePostRows,
  photoRowsByIds,
  photoRowsOf,
  publishDueRows,
  updatePostRow,
  type BlogPhotoRow,
  type BlogPostPatch,
  type BlogPostRow,
} from './blog-posts.repository';

/** Cache tag of every journal answer (admin lists, the website's JSON, pages, feed). */
export const BLOG_POSTS_TAG = 'blog-posts';

/** The website's address of a post: the id first, so a changed slug keeps old links working. */
export const postPath = (row: Pick<BlogPostRow, 'id' | 'slug'>) => `/journal/${row.id}-${row.slug}/`;

/** Whether the website shows the post at `now`. */
export function isLive(row: Pick<BlogPostRow, 'status' | 'publishAt'>, now: Date): boolean {
  return row.status === 'published' || (row.status === 'scheduled' && !!row.publishAt && row.publishAt <= now);
}

/** The images of photo rows, by photo id. */
async function photoImages(ctx: AppContext, photos: BlogPhotoRow[]): Promise<Map<number, SiteImage>> {
  const images = await ctx.assets.images(photos.map((p) => p.imageAssetId));
  const out = new Map<number, SiteImage>();
  for (const p of photos) {
    const img = images.get(p.imageAssetId);
    if (img) out.set(p.id, imageView(img));
  }
  return out;
}

async function toPosts(ctx: AppContext, rows: BlogPostRow[]): Promise<BlogPost[]> {
  const photos = await photoRowsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const images = await photoImages(ctx, photos);
  const now = new Date();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    body: row.body,
    cover_image: row.coverPhotoId,
    cover_image_view: (row.coverPhotoId && images.get(row.coverPhotoId)) || null,
    tags: row.tags,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    status: row.status,
    publish_at: row.publishAt?.toISOString() ?? null,
    live: isLive(row, now),
    path: postPath(row),
    photos: photos.filter((p) => p.postId === row.id && images.has(p.id)).map((p) => ({ id: p.id, image: images.get(p.id)! })),
    time_created: row.timeCreated.toISOString(),
    time_updated: row.timeUpdated.toISOString(),
  }));
}

/** Every post, newest first (served through the response cache). */
export async function listPosts(ctx: AppContext): Promise<Omit<BlogPost, 'body' | 'photos'>[]> {
  return (await toPosts(ctx, await listPostRows(ctx.db))).map(({ body: _body, photos: _photos, ...rest }) => rest);
}

export async function getPost(ctx: AppContext, id: number): Promise<BlogPost> {
  return (await toPosts(ctx, [await orNotFound(findPostRow(ctx.db, id))]))[0]!;
}

const uniqueTags = (tags: string[]) => {
  const seen = new Set<string>();
  return tags.filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
};

/**
 * The publish time a status keeps: a published post is dated when it was first published (or the
 * past time given); a scheduled one at its time; a draft keeps what it had.
 */
function publishTime(status: BlogStatus, given: Date | null | undefined, before: Date | null, wasLive: boolean, now: Date): Date | null {
  if (status === 'published') {
    if (given && given <= now) return given;
    return wasLive && before ? before : now;
  }
  if (status === 'scheduled') return given ?? before;
  return given === undefined ? before : given;
}

/** Every photo the body and the cover name is one of the post's own. */
function checkOwnPhotos(own: Set<number>, body: BlogDoc | undefined, cover: number | null | undefined): void {
  const errors: Record<string, string[]> = {};
  if (body && photoIdsOf(body).some((id) => !own.has(id))) errors.body = [BLOG_MESSAGES.photoNotOwn];
  if (cover && !own.has(cover)) errors.cover_image = [BLOG_MESSAGES.coverNotOwn];
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export async function createPost(ctx: AppContext, input: BlogPostCreateInput): Promise<BlogPost> {
  // A new post has no photos yet: a cover or a photo block can only come with an edit.
  checkOwnPhotos(new Set(), input.body, input.cover_image);
  const now = new Date();
  const given = input.publish_at ? new Date(input.publish_at) : null;
  const row = await insertPostRow(ctx.db, {
    title: input.title,
    slug: input.slug || slugify(input.title) || 'post',
    excerpt: input.excerpt,
    body: input.body,
    coverPhotoId: null,
    tags: uniqueTags(input.tags),
    seoTitle: input.seo_title,
    seoDescription: input.seo_description,
    status: input.status,
    publishAt: publishTime(input.status, given, null, false, now),
  });
  await ctx.cache.invalidate(BLOG_POSTS_TAG);
  return (await toPosts(ctx, [row]))[0]!;
}

/** Partial update: only sent fields change; the body and cover may name only the post's photos. */
export async function updatePost(ctx: AppContext, id: number, input: BlogPostUpdateInput): Promise<BlogPost> {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await orNotFound(findPostRow(tx, id, true));
    const own = new Set((await photoRowsOf(tx, [id])).map((p) => p.id));
    checkOwnPhotos(own, input.body, input.cover_image);
    const status = input.status ?? before.status;
    const given = input.publish_at === undefined ? undefined : input.publish_at === null ? null : new Date(input.publish_at);
    if (status === 'scheduled' && !(given ?? (given === undefined ? before.publishAt : null))) {
      throw ValidationError.field('publish_at', BLOG_MESSAGES.publishAtRequired);
    }
    const now = new Date();
    const patch: BlogPostPatch = {};
    if (input.title !== undefined) patch.title = input.title;
    if (input.slug !== undefined) patch.slug = input.slug || slugify(input.title ?? before.title) || 'post';
    if (input.excerpt !== undefined) patch.excerpt = input.excerpt;
    if (input.body !== undefined) patch.body = input.body;
    if (input.cover_image !== undefined) patch.coverPhotoId = input.cover_image;
    if (input.tags !== undefined) patch.tags = uniqueTags(input.tags);
    if (input.seo_title !== undefined) patch.seoTitle = input.seo_title;
    if (input.seo_description !== undefined) patch.seoDescription = input.seo_description;
    patch.status = status;
    patch.publishAt = publishTime(status, given, before.publishAt, isLive(before, now), now);
    return (await updatePostRow(tx, id, patch))!;
  });
  await ctx.cache.invalidate(BLOG_POSTS_TAG);
  return (await toPosts(ctx, [row]))[0]!;
}

/** Deletes the post; the database deletes its photo rows; then the files nothing else uses. */
export async function deletePost(ctx: AppContext, id: number): Promise<void> {
  let held: number[] = [];
  await deleteWithImages(ctx, {
    alsoHeld: async (tx) => (held = (await photoRowsOf(tx, [id])).map((p) => p.imageAssetId)),
    remove: (tx) => deletePostRow(tx, id),
    assetsOf: () => held,
    cacheTags: [BLOG_POSTS_TAG],
  });
}

/** Stores a photo for the post (its cover or a photo block); derived like every gallery photo. */
export async function addPostPhoto(ctx: AppContext, id: number, file: UploadedFile): Promise<BlogPhoto> {
  const photo = await saveWithImages<BlogPhotoRow, BlogPhotoRow>(ctx, {
    images: { imageAssetId: { file, field: 'image', use: 'galleryPhoto' } },
    write: async (tx, ids) => {
      await orNotFound(findPostRow(tx, id, true));
      return insertPhotoRow(tx, id, ids.imageAssetId!);
    },
    cacheTags: [BLOG_POSTS_TAG],
  });
  const image = (await photoImages(ctx, [photo])).get(photo.id)!;
  return { id: photo.id, image };
}

/**
 * Removes one of the post's photos and then its files if nothing else uses them. Refused (409,
 * naming it) while the saved body shows it; if it was the cover, the post has no cover after.
 */
export async function removePostPhoto(ctx: AppContext, id: number, photoId: number): Promise<void> {
  await deleteWithImages(ctx, {
    remove: async (tx) => {
      const post = await orNotFound(findPostRow(tx, id, true));
      const photos = await photoRowsOf(tx, [id]);
      const position = photos.findIndex((p) => p.id === photoId) + 1;
      if (!position) return undefined;
      if (photoIdsOf(post.body as BlogDoc).includes(photoId)) throw new HttpError(409, blogPhotoInBodyMessage(position));
      if (post.coverPhotoId === photoId) await updatePostRow(tx, id, { coverPhotoId: null });
      return deletePhotoRow(tx, photoId);
    },
    assetsOf: (photo) => [photo.imageAssetId],
    cacheTags: [BLOG_POSTS_TAG],
  });
}

// ---- Scheduled publishing ----

const PUBLISH_JOB = 'blog-publish';

/** Scheduled posts whose time has come become published (the website shows them from then on anyway). */
export async function publishDuePosts(ctx: AppContext, now = new Date()): Promise<number> {
  const n = await publishDueRows(ctx.db, now);
  if (n) await ctx.cache.invalidate(BLOG_POSTS_TAG);
  return n;
}

/** Every minute, once for the deployment. */
export function definePublishJob(jobs: JobQueue): void {
  jobs.define({
    name: PUBLISH_JOB,
    cron: '* * * * *',
    retryLimit: 2,
    expireInSeconds: 60,
    run: async (ctx) => {
      const n = await publishDuePosts(ctx);
      if (n) ctx.log.info({ posts: n }, 'scheduled posts published');
    },
  });
}

// ---- The website's read model ----

async function summaries(ctx: AppContext, rows: BlogPostRow[]): Promise<SitePostSummary[]> {
  const covers = await photoImages(
    ctx,
    await photoRowsByIds(
      ctx.db,
      rows.flatMap((r) => (r.coverPhotoId ? [r.coverPhotoId] : [])),
    ),
  );
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    path: postPath(row),
    title: row.title,
    excerpt: row.excerpt || bodyText(row.body as BlogDoc, 200),
    cover: (row.coverPhotoId && covers.get(row.coverPhotoId)) || null,
    tags: row.tags,
    published_at: (row.publishAt ?? row.timeCreated).toISOString(),
    updated_at: row.timeUpdated.toISOString(),
  }));
}

/** A page of the live posts, newest first, maybe of one tag. `page` past the end: 404. */
export async function sitePostPage(ctx: AppContext, page = 1, tag?: string, size = JOURNAL_PAGE_SIZE): Promise<SitePostPage> {
  const { rows, total } = await livePostRows(ctx.db, { now: new Date(), tag: tag || undefined, limit: size, offset: (page - 1) * size });
  const pages = Math.max(1, Math.ceil(total / size));
  if (page > pages) throw notFound();
  const query = (p: number) => `/site/posts/?page=${p}${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`;
  return { items: await summaries(ctx, rows), page, pages, total, next: page < pages ? query(page + 1) : null };
}

/** One live post with its body as safe HTML. */
export async function sitePost(ctx: AppContext, id: number): Promise<SitePost> {
  const row = await orNotFound(livePostRow(ctx.db, id, new Date()));
  const [summary] = await summaries(ctx, [row]);
  const images = await photoImages(ctx, await photoRowsOf(ctx.db, [id]));
  return {
    ...summary!,
    seo_title: row.seoTitle,
    seo_description: row.seoDescription,
    html: renderBody(row.body as BlogDoc, images),
  };
}

/** The newest live posts with their bodies (the feed). */
export async function siteFeedPosts(ctx: AppContext, count = 20): Promise<SitePost[]> {
  const { rows } = await livePostRows(ctx.db, { now: new Date(), limit: count, offset: 0 });
  return Promise.all(rows.map((r) => sitePost(ctx, r.id)));
}

/** Every live post's address and last change (the sitemap). */
export async function sitePostPaths(ctx: AppContext): Promise<{ path: string; lastmod: string }[]> {
  const { rows } = await livePostRows(ctx.db, { now: new Date(), limit: 50_000, offset: 0 });
  return rows.map((r) => ({ path: postPath(r), lastmod: r.timeUpdated.toISOString() }));
}
