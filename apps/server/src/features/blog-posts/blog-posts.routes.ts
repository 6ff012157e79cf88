import type { FastifyInstance } from 'fastify';
import { blogPostsApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import {
  addPostPhoto,
  BLOG_POSTS_TAG,
  createPost,
  deletePost,
  getPost,
  listPosts,
  removePostPhoto,
  updatePost,
} from './blog-posts.service';

/** HTTP routes of the journal's admin side (the website's are in features/site). */
export async function blogPostsRoutes(app: FastifyInstance): Promise<void> {
  route(app, blogPostsApi.list, ({ ctx, cached }) => cached(BLOG_POSTS_TAG, 'list', () => listPosts(ctx)));
  route(app, blogPostsApi.get, ({ ctx, params }) => getPost(ctx, params.id));
  route(app, blogPostsApi.create, ({ ctx, body }) => createPost(ctx, body));
  route(app, blogPostsApi.update, ({ ctx, params, body }) => updatePost(ctx, params.id, body));
  route(app, blogPostsApi.remove, ({ ctx, params }) => deletePost(ctx, params.id));
  route(app, blogPostsApi.removePhoto, ({ ctx, params }) => removePostPhoto(ctx, params.id, params.photo_id));
  route(app, blogPostsApi.addPhoto, ({ ctx, params, files }) => addPostPhoto(ctx, params.id, firstFile(files, 'image')!));
}
