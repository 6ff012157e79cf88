import { useQuery } from '@tanstack/react-query';
import {
  COMMON_MESSAGES,
  GALLERY_LINK_ERROR_FIELDS,
  GALLERY_LINK_MESSAGES,
  type GalleryLink,
  type GalleryLinkInput,
} from '@darkroom/contracts';
import { api, ApiError } from '../../api/client';
import { useInvalidatingMutation } from '../../api/mutations';

const BASE = '/adminportal/photo-gallery-links/';

export const galleryLinkKeys = {
  all: ['gallery-links'] as const,
  list: () => [...galleryLinkKeys.all, 'list'] as const,
};

/**
 * The spec's rule for a failed save: a 400 shows the first message of link, user or description,
 * else 'Failed to process request. Try again'; a 500 shows the server's message; anything else
 * (no answer included) 'Gallery link creation failed.' or 'Gallery link update failed.'.
 */
export function galleryLinkFailure(err: unknown, mode: 'create' | 'update'): string {
  const fallback = mode === 'create' ? GALLERY_LINK_MESSAGES.createFailed : GALLERY_LINK_MESSAGES.updateFailed;
  if (!(err instanceof ApiError)) return fallback;
  if (err.status === 400) {
    const fields = err.fields;
    for (const f of GALLERY_LINK_ERROR_FIELDS) if (fields[f]?.[0]) return fields[f][0];
    return COMMON_MESSAGES.badRequest;
  }
  if (err.status === 500) {
    const body = err.body as { detail?: unknown } | null;
    return typeof body?.detail === 'string' && body.detail ? body.detail : fallback;
  }
  return fallback;
}

export function useGalleryLinks() {
  return useQuery({ queryKey: galleryLinkKeys.list(), queryFn: ({ signal }) => api.get<GalleryLink[]>(BASE, signal) });
}

/** Every write refreshes the links once it settles. */
const useGalleryLinkMutation = <V, R>(call: (vars: V) => Promise<R>) => useInvalidatingMutation(galleryLinkKeys.all, call);

/** Assign (POST) or update (PUT, the whole link). */
export function useSaveGalleryLink() {
  return useGalleryLinkMutation(({ id, values }: { id: number | null; values: GalleryLinkInput }) =>
    id ? api.put<GalleryLink>(`${BASE}${id}/`, { ...values }) : api.post<GalleryLink>(BASE, { ...values }),
  );
}

export function useDeleteGalleryLink() {
  return useGalleryLinkMutation((id: number) => api.delete<null>(`${BASE}${id}/`));
}
