import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GALLERY_MESSAGES,
  GALLERY_RESUMABLE_METADATA,
  GALLERY_RESUMABLE_PATH,
  galleriesApi,
  type GalleryType,
  type GalleryUploadResponse,
} from '@darkroom/contracts';
import { ApiError, type UploadHandle } from '../../api/client';
import { call } from '../../api/endpoints';
import { resumableUpload } from '../../api/resumable';

export const galleryKeys = {
  all: ['gallery'] as const,
  gallery: (type: GalleryType, id: number) => [...galleryKeys.all, type, id] as const,
  photos: (type: GalleryType, id: number) => [...galleryKeys.gallery(type, id), 'photos'] as const,
  names: (type: GalleryType, id: number) => [...galleryKeys.gallery(type, id), 'names'] as const,
  lookup: (type: GalleryType, name: string) => [...galleryKeys.all, 'lookup', type, name] as const,
};

/** Each gallery type's photos and names are read under its own declared paths. */
export const fetchPhotos = (type: GalleryType, id: number, signal?: AbortSignal) =>
  call(galleriesApi[type].photos, { params: { id }, signal });
export const fetchNames = (type: GalleryType, id: number, signal?: AbortSignal) =>
  call(galleriesApi[type].names, { params: { id }, signal });

/** How often a gallery with photos still processing is read again, until each is done or failed. */
const PROCESSING_POLL_MS = 2_000;

/** A gallery's photos in saved order; read again every 2 s while any is processing. */
export function useGalleryPhotos(type: GalleryType, id: number | null | undefined) {
  return useQuery({
    queryKey: galleryKeys.photos(type, id ?? 0),
    queryFn: ({ signal }) => fetchPhotos(type, id!, signal),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data?.some((p) => p.state === 'processing') ? PROCESSING_POLL_MS : false),
  });
}

/** Finds a gallery by its name/title (a reload of /view-gallery has only the query string). */
export function useGalleryLookup(type: GalleryType | null, name: string | null, enabled: boolean) {
  return useQuery({
    queryKey: galleryKeys.lookup(type ?? 'service', name ?? ''),
    queryFn: ({ signal }) => call(galleriesApi.lookup, { query: { type: type!, name: name! }, signal }),
    enabled: enabled && !!type && !!name,
    retry: false,
  });
}

/** Which of these SHA-256s the gallery already holds (checked in slices to keep bodies small). */
export async function checkHashes(type: GalleryType, id: number, hashes: string[]): Promise<Set<string>> {
  const existing = new Set<string>();
  for (let i = 0; i < hashes.length; i += 2000) {
    const res = await call(galleriesApi.check, { body: { type, id, hashes: hashes.slice(i, i + 2000) } });
    res.existing.forEach((h) => existing.add(h));
  }
  return existing;
}

/**
 * One photo, sent resumably (tus): a cut connection or a closed tab resumes where the server
 * stopped, for the same file to the same gallery. Answers as the multipart upload does.
 */
export function uploadPhoto(
  type: GalleryType,
  id: number,
  file: File,
  onProgress: (percent: number) => void,
): UploadHandle<GalleryUploadResponse> {
  const meta = GALLERY_RESUMABLE_METADATA;
  const handle = resumableUpload<GalleryUploadResponse | null>(file, {
    endpoint: `${GALLERY_RESUMABLE_PATH}/`,
    metadata: { [meta.filename]: file.name, [meta.type]: type, [meta.id]: String(id) },
    key: `gallery:${type}:${id}:${file.name}`,
    onProgress,
  });
  return {
    abort: handle.abort,
    // No answer means the server had the whole file from an earlier attempt but never said what
    // it became: sent again, the server's dedupe tells.
    promise: handle.promise.then((res) => {
      if (!res) throw new ApiError(0, { detail: GALLERY_MESSAGES.uploadFailed });
      return res;
    }),
  };
}

/** Ids go in the path; a large selection is sent in slices so each URL stays short. */
const DELETE_SLICE = 300;
export async function deletePhotos(ids: number[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += DELETE_SLICE) {
    const res = await call(galleriesApi.deletePhotos, { params: { ids: ids.slice(i, i + DELETE_SLICE).join(',') } });
    deleted += res.deleted;
  }
  return deleted;
}

export function useDeletePhotos(type: GalleryType, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deletePhotos(ids),
    onSettled: () => qc.invalidateQueries({ queryKey: galleryKeys.gallery(type, id) }),
  });
}

/** Saves one gallery's order (the ids in their new order). */
export const saveOrder = (ids: number[]) => call(galleriesApi.order, { body: { ids } });

export function useSaveOrder(type: GalleryType, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => saveOrder(ids),
    onSuccess: () => qc.invalidateQueries({ queryKey: galleryKeys.gallery(type, id) }),
  });
}
