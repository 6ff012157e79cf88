import { useQuery } from '@tanstack/react-query';
import { clientGalleriesApi, deliveryApi, selectionsApi, type DownloadSize } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { failureMessage } from '../../api/failure';
import { call, send } from '../../api/endpoints';
import { useInvalidatingMutation, type UploadProgress } from '../../api/mutations';

export const clientGalleryKeys = {
  all: ['client-galleries'] as const,
  list: () => [...clientGalleryKeys.all, 'list'] as const,
  detail: (id: number) => [...clientGalleryKeys.all, 'detail', id] as const,
  activity: (id: number) => [...clientGalleryKeys.all, 'activity', id] as const,
  selections: (id: number) => [...clientGalleryKeys.all, 'selections', id] as const,
};

/** Form fields in the order a 400's messages are shown and focused. */
export const CLIENT_GALLERY_FIELDS = ['title', 'user', 'gallery_link', 'cover_image'];

/** The delivery settings' fields, in the order their 400 messages are shown. */
export const DELIVERY_FIELDS = [
  'delivery_password',
  'delivery_expires_at',
  'allow_download',
  'download_size',
  'download_pin',
  'require_email',
  'selection_limit',
  'watermark',
];

/**
 * What to say about a failed client gallery or delivery call, by the portal's failure policy: a
 * 400's first field message (of `fields`), a refusal's reason (no customer, not published...),
 * else `fallback`.
 */
export function clientGalleryFailure(err: unknown, fallback: string, fields: string[] = CLIENT_GALLERY_FIELDS): string {
  return failureMessage(err, { fallback, fields: [...fields, 'status', 'non_field_errors'], badRequest: fallback });
}

export function useClientGalleries() {
  return useQuery({ queryKey: clientGalleryKeys.list(), queryFn: ({ signal }) => call(clientGalleriesApi.list, { signal }) });
}

export function useClientGallery(id: number | null) {
  return useQuery({
    queryKey: clientGalleryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(clientGalleriesApi.get, { params: { id: id! }, signal }),
    enabled: !!id,
  });
}

/** Views, downloads, favourites and the latest events of a gallery's delivery link. */
export function useDeliveryActivity(id: number | null) {
  return useQuery({
    queryKey: clientGalleryKeys.activity(id ?? 0),
    queryFn: ({ signal }) => call(deliveryApi.activity, { params: { id: id! }, signal }),
    enabled: !!id,
    staleTime: 0,
  });
}

export interface ClientGallerySaveValues {
  title: string;
  user: number;
  gallery_link: string;
  cover_image: File | null;
}

/** Every write refreshes the galleries (list, details and activity) once it settles. */
const useClientGalleryMutation = <V, R>(fn: (vars: V) => Promise<R>) => useInvalidatingMutation(clientGalleryKeys.all, fn);

/** Create (POST) or update (PATCH); an unchanged cover is left out of the update. */
export function useSaveClientGallery() {
  return useClientGalleryMutation(
    ({ id, values, onProgress }: { id: number | null; values: ClientGallerySaveValues; onProgress?: UploadProgress }) => {
      const form = toFormData({ ...values });
      return id
        ? send(clientGalleriesApi.update, { params: { id }, form, onProgress }).promise
        : send(clientGalleriesApi.create, { form, onProgress }).promise;
    },
  );
}

/** The publish toggle sends the status as a form field, as the spec's client does. */
export function usePublishClientGallery() {
  return useClientGalleryMutation(({ id, status }: { id: number; status: boolean }) =>
    call(clientGalleriesApi.update, { params: { id }, body: toFormData({ status }) }),
  );
}

export function useDeleteClientGallery() {
  return useClientGalleryMutation((id: number) => call(clientGalleriesApi.remove, { params: { id } }));
}

/**
 * The delivery settings a PATCH may change; a field left out is kept. An empty password removes
 * it, an empty expiry means the link never expires.
 */
export interface DeliveryChanges {
  delivery_password?: string;
  delivery_expires_at?: string;
  allow_download?: boolean;
  download_size?: DownloadSize;
  /** Four digits; empty removes the PIN. */
  download_pin?: string;
  require_email?: boolean;
  /** Digits, or empty for no limit. */
  selection_limit?: string;
  watermark?: boolean;
}

export function useUpdateDelivery() {
  return useClientGalleryMutation(({ id, changes }: { id: number; changes: DeliveryChanges }) =>
    call(clientGalleriesApi.update, { params: { id }, body: { ...changes } }),
  );
}

/** Revokes the link: the answer is the gallery with its new `delivery_url`. */
export function useRegenerateDelivery() {
  return useClientGalleryMutation((id: number) => call(clientGalleriesApi.regenerate, { params: { id } }));
}

/** E-mails the link to the gallery's customer, with the admin's optional message above it. */
export function useSendDelivery() {
  return useClientGalleryMutation(({ id, message }: { id: number; message: string }) =>
    call(deliveryApi.send, { params: { id }, body: { message } }),
  );
}

/** Every visitor's list of a gallery (and the shared one), with file names and notes. */
export function useSelections(id: number | null) {
  return useQuery({
    queryKey: clientGalleryKeys.selections(id ?? 0),
    queryFn: ({ signal }) => call(selectionsApi.list, { params: { id: id! }, signal }),
    enabled: !!id,
    staleTime: 0,
  });
}

/** Reopens a submitted list so its visitor may change it. */
export function useReopenSelection() {
  return useClientGalleryMutation(({ id, visitor }: { id: number; visitor: number }) =>
    call(selectionsApi.reopen, { params: { id, visitor } }),
  );
}
