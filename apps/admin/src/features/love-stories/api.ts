import { useQuery } from '@tanstack/react-query';
import { loveStoriesApi, type LoveStoryDescription } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call, send } from '../../api/endpoints';
import { useInvalidatingMutation, type UploadProgress } from '../../api/mutations';

export const loveStoryKeys = {
  all: ['love-stories'] as const,
  list: () => [...loveStoryKeys.all, 'list'] as const,
  detail: (id: number) => [...loveStoryKeys.all, 'detail', id] as const,
};

/** Form fields in the order a 400's messages are shown and focused. */
export const LOVE_STORY_FIELDS = [
  'title',
  'user',
  'seo_title',
  'seo_description',
  'description1',
  'description2',
  'description3',
  'description4',
  'description5',
  'cover_image',
];

export function useLoveStories() {
  return useQuery({ queryKey: loveStoryKeys.list(), queryFn: ({ signal }) => call(loveStoriesApi.list, { signal }) });
}

export function useLoveStory(id: number | null) {
  return useQuery({
    queryKey: loveStoryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(loveStoriesApi.get, { params: { id: id! }, signal }),
    enabled: !!id,
  });
}

export interface LoveStorySaveValues {
  title: string;
  user: number;
  description: LoveStoryDescription;
  seo_title: string;
  seo_description: string;
  cover_image: File | null;
}

/** Every write refreshes the stories (list and details) once it settles. */
const useLoveStoryMutation = <V, R>(call: (vars: V) => Promise<R>) => useInvalidatingMutation(loveStoryKeys.all, call);

/** Create (POST) or update (PATCH); the description goes as the spec's JSON and an unchanged cover is left out. */
export function useSaveLoveStory() {
  return useLoveStoryMutation(
    ({ id, values, onProgress }: { id: number | null; values: LoveStorySaveValues; onProgress?: UploadProgress }) => {
      const form = toFormData({
        title: values.title,
        user: values.user,
        description: JSON.stringify(values.description),
        seo_title: values.seo_title,
        seo_description: values.seo_description,
        cover_image: values.cover_image,
      });
      return (id ? send(loveStoriesApi.update, { params: { id }, form, onProgress }) : send(loveStoriesApi.create, { form, onProgress }))
        .promise;
    },
  );
}

/** The publish toggle sends the status as a form field, as the spec's client does. */
export function usePublishLoveStory() {
  return useLoveStoryMutation(({ id, status }: { id: number; status: boolean }) =>
    call(loveStoriesApi.update, { params: { id }, body: toFormData({ status }) }),
  );
}

export function useDeleteLoveStory() {
  return useLoveStoryMutation((id: number) => call(loveStoriesApi.remove, { params: { id } }));
}
