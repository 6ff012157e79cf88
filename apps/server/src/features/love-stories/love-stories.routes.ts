import type { FastifyInstance } from 'fastify';
import { LOVE_STORY_COVER_FIELDS, loveStoriesApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import { createLoveStory, loveStoryById, loveStoryList, removeLoveStory, updateLoveStoryFields } from './love-stories.service';

/**
 * HTTP routes of the love-stories area. Lists are read live rather than cached: they carry the
 * customer's name, which the people area changes without knowing about this list.
 */
export async function loveStoriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, loveStoriesApi.list, ({ ctx }) => loveStoryList(ctx));
  route(app, loveStoriesApi.get, ({ ctx, params }) => loveStoryById(ctx, params.id));
  route(app, loveStoriesApi.create, ({ ctx, body, files }) => createLoveStory(ctx, body, firstFile(files, ...LOVE_STORY_COVER_FIELDS)!));
  route(app, loveStoriesApi.update, ({ ctx, params, body, files }) =>
    updateLoveStoryFields(ctx, params.id, body, firstFile(files, ...LOVE_STORY_COVER_FIELDS)),
  );
  route(app, loveStoriesApi.remove, ({ ctx, params }) => removeLoveStory(ctx, params.id));
}
