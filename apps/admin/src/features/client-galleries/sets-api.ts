import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { clientGallerySetsApi, type ClientGallerySet } from '@darkroom/contracts';
import { call } from '../../api/endpoints';

/** A client gallery's sets: each write answers the sets as they now are, which becomes the cached list. */
export const setKeys = { sets: (galleryId: number) => ['client-galleries', 'sets', galleryId] as const };

export function useGallerySets(galleryId: number | null) {
  return useQuery({
    queryKey: setKeys.sets(galleryId ?? 0),
    queryFn: ({ signal }) => call(clientGallerySetsApi.list, { params: { id: galleryId! }, signal }),
    enabled: !!galleryId,
  });
}

type SetWrite =
  | { kind: 'create'; name: string }
  | { kind: 'rename'; set: number; name: string }
  | { kind: 'order'; ids: number[] }
  | { kind: 'remove'; set: number }
  | { kind: 'move'; set: number | null; photos: number[] };

function writeSets(galleryId: number, w: SetWrite): Promise<ClientGallerySet[]> {
  const api = clientGallerySetsApi;
  const id = galleryId;
  switch (w.kind) {
    case 'create':
      return call(api.create, { params: { id }, body: { name: w.name } });
    case 'rename':
      return call(api.rename, { params: { id, set_id: w.set }, body: { name: w.name } });
    case 'order':
      return call(api.order, { params: { id }, body: { ids: w.ids } });
    case 'remove':
      return call(api.remove, { params: { id, set_id: w.set } });
    case 'move':
      return call(api.move, { params: { id }, body: { set: w.set, photos: w.photos } });
  }
}

/** Every set write of one gallery; the answer replaces the cached sets at once. */
export function useSetWrite(galleryId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (w: SetWrite) => writeSets(galleryId, w),
    onSuccess: (sets) => client.setQueryData(setKeys.sets(galleryId), sets),
    onError: () => client.invalidateQueries({ queryKey: setKeys.sets(galleryId) }),
  });
}
