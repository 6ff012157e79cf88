import { useQuery } from '@tanstack/react-query';
import { LOVE_STORY_DESCRIPTION_KEYS, type LoveStory, type LoveStoryDescription } from '@darkroom/contracts';
import { api, ApiError, toFormData, upload } from '../../api/client';
import { useInvalidatingMutation, type UploadProgress } from '../../api/mutations';

const BASE = '/adminportal/manage-love-stories/';

export const loveStoryKeys = {
  all: ['love-stories'] as const,
  list: () => [...loveStoryKeys.all, 'list'] as const,
  detail: (id: number) => [...loveStoryKeys.all, 'detail', id] as const,
};

/** Form fields in the order a 400's messages are shown and focused. */
export const LOVE_STORY_FIELDS = [
  'title',
  'user',
  'description1',
  'description2',
  'description3',
  'description4',
  'description5',
  'cover_image',
];

/** The first field message of a 400, if the answer carried one. */
export function firstFieldMessage(err: unknown, fields: string[] = LOVE_STORY_FIELDS): string | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const messages = err.fields;
  for (const f of [...fields, 'description', 'non_field_errors']) if (messages[f]?.[0]) return messages[f][0];
  return null;
}

/** The description JSON string as an object with all five keys. */
export function readDescription(raw: string): LoveStoryDescription {
  let parsed: Record<string, unknown> = {};
  try {
    const v: unknown = JSON.parse(raw);
    if (v && typeof v === 'object') parsed = v as Record<string, unknown>;
  } catch {
    // An unreadable description shows as blank fields.
  }
  const out = {} as LoveStoryDescription;
  for (const key of LOVE_STORY_DESCRIPTION_KEYS) out[key] = typeof parsed[key] === 'string' ? parsed[key] : '';
  return out;
}

export function useLoveStories() {
  return useQuery({ queryKey: loveStoryKeys.list(), queryFn: ({ signal }) => api.get<LoveStory[]>(BASE, signal) });
}

export function useLoveStory(id: number | null) {
  return useQuery({
    queryKey: loveStoryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<LoveStory>(`${BASE}${id}/`, signal),
    enabled: !!id,
  });
}

export interface LoveStorySaveValues {
  title: string;
  user: number;
  description: LoveStoryDescription;
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
        cover_image: values.cover_image,
      });
      return upload<LoveStory>(id ? 'PATCH' : 'POST', id ? `${BASE}${id}/` : BASE, form, onProgress).promise;
    },
  );
}

/** The publish toggle sends the status as a form field, as the spec's client does. */
export function usePublishLoveStory() {
  return useLoveStoryMutation(({ id, status }: { id: number; status: boolean }) =>
    api.patch<LoveStory>(`${BASE}${id}/`, toFormData({ status })),
  );
}

export function useDeleteLoveStory() {
  return useLoveStoryMutation((id: number) => api.delete<null>(`${BASE}${id}/`));
}
