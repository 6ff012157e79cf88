import { useQuery } from '@tanstack/react-query';
import { GALLERY_LINK_ERROR_FIELDS, GALLERY_LINK_MESSAGES, galleryLinksApi, type GalleryLinkInput } from '@darkroom/contracts';
import { failureMessage } from '../../api/failure';
import { call } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

export const galleryLinkKeys = {
  all: ['gallery-links'] as const,
  list: () => [...galleryLinkKeys.all, 'list'] as const,
};

/**
 * The spec's rule for a failed save: a 400 shows the first message of link, user or description,
 * else 'Failed to process request. Try again'; a server fault shows the server's message; anything
 * else (no answer included) 'Gallery link creation failed.' or 'Gallery link update failed.'.
 */
export function galleryLinkFailure(err: unknown, mode: 'create' | 'update'): string {
  const fallback = mode === 'create' ? GALLERY_LINK_MESSAGES.createFailed : GALLERY_LINK_MESSAGES.updateFailed;
  return failureMessage(err, { fallback, fields: GALLERY_LINK_ERROR_FIELDS, serverFault: 'server' });
}

export function useGalleryLinks() {
  return useQuery({ queryKey: galleryLinkKeys.list(), queryFn: ({ signal }) => call(galleryLinksApi.list, { signal }) });
}

/** Every write refreshes the links once it settles. */
const useGalleryLinkMutation = <V, R>(fn: (vars: V) => Promise<R>) => useInvalidatingMutation(galleryLinkKeys.all, fn);

/** Assign (POST) or update (PUT, the whole link). */
export function useSaveGalleryLink() {
  return useGalleryLinkMutation(({ id, values }: { id: number | null; values: GalleryLinkInput }) =>
    id ? call(galleryLinksApi.replace, { params: { id }, body: { ...values } }) : call(galleryLinksApi.create, { body: { ...values } }),
  );
}

export function useDeleteGalleryLink() {
  return useGalleryLinkMutation((id: number) => call(galleryLinksApi.remove, { params: { id } }));
}
