import type { FastifyInstance } from 'fastify';
import { LOVE_STORY_COVER_FIELDS, loveStoriesApi } from '@darkroom/contracts';
import { firstFile } from '../../http/read-body';
import { route } from '../../http/route';
import { PEOPLE_CACHE_TAG } from '../people/people.service';
import {
  createLoveStory,
  LOVE_STORIES_TAG,
  loveStoryById,
  loveStoryList,
  removeLoveStory,
  updateLoveStoryFields,
} from './love-stories.service';

/** The cached list shows the stories (their own writes) and each customer's name (the people area's). */
const LIST_TAGS = [LOVE_STORIES_TAG, PEOPLE_CACHE_TAG];

/** HTTP routes of the love-stories area. */
export async function loveStoriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, loveStoriesApi.list, ({ ctx, cached }) => cached(LIST_TAGS, 'love-stories', () => loveStoryList(ctx)));
  route(app, loveStoriesApi.get, ({ ctx, params }) => loveStoryById(ctx, params.id));
  route(app, loveStoriesApi.create, ({ ctx, body, files }) => createLoveStory(ctx, body, firstFile(files, ...LOVE_STORY_COVER_FIELDS)!));
  route(app, loveStoriesApi.update, ({ ctx, params, body, files }) =>
    updateLoveStoryFields(ctx, params.id, body, firstFile(files, ...LOVE_STORY_COVER_FIELDS)),
  );
  route(app, loveStoriesApi.remove, ({ ctx, params }) => removeLoveStory(ctx, params.id));
}
