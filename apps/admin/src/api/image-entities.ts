import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { EndpointSpec, ResponseOf } from '@darkroom/contracts';
import { toFormData } from './client';
import { call, send } from './endpoints';
import { useInvalidatingMutation, type InvalidatingMutationOptions, type UploadProgress } from './mutations';

/**
 * The calls of an area whose records are text fields and images (contracts' imageEntityContract):
 * every write refreshes the area's queries under `queryKey`.
 */
interface EntityApi {
  list: EndpointSpec;
  create: EndpointSpec;
  update: EndpointSpec;
  remove?: EndpointSpec;
}

type Item<A extends EntityApi> = ResponseOf<A['create']>;
type FormValues = Record<string, string | number | boolean | Blob | null | undefined>;
// The endpoints are the area's; `call` and `send` cannot follow a generic one's params.
const byId = (id: number, body?: FormData) => ({ params: { id }, body }) as never;

export function useEntityList<A extends EntityApi>(queryKey: QueryKey, api: A) {
  return useQuery({ queryKey, queryFn: ({ signal }) => call(api.list, { signal } as never) as Promise<ResponseOf<A['list']>> });
}

/**
 * Creates (no id) or updates (an id) a record: a multipart body of the form's values (a file left
 * null is not sent), with upload progress unless `upload` is false.
 */
export function useEntitySave<V extends object, A extends EntityApi = EntityApi>(
  queryKey: QueryKey,
  api: A,
  { upload = true, ...options }: InvalidatingMutationOptions<Item<A>> & { upload?: boolean } = {},
) {
  return useInvalidatingMutation(
    queryKey,
    ({ id, values, onProgress }: { id?: number | null; values: V; onProgress?: UploadProgress }) => {
      const form = toFormData({ ...(values as FormValues) });
      const ep = id ? api.update : api.create;
      const input = id ? { params: { id } } : {};
      if (!upload) return call(ep, { ...input, body: form } as never) as Promise<Item<A>>;
      return send(ep, { ...input, form, onProgress } as never).promise as Promise<Item<A>>;
    },
    options,
  );
}

/** The spec's publish call: a multipart with the status only. */
export function useEntityStatus(queryKey: QueryKey, api: EntityApi, options?: InvalidatingMutationOptions<unknown>) {
  return useInvalidatingMutation(
    queryKey,
    ({ id, status }: { id: number; status: boolean }) => call(api.update, byId(id, toFormData({ status }))),
    options,
  );
}

export function useEntityRemove(queryKey: QueryKey, api: EntityApi, options?: InvalidatingMutationOptions<unknown>) {
  return useInvalidatingMutation(queryKey, (id: number) => call(api.remove!, byId(id)), options);
}

/** Saves the order of every record of an ordered area (the full list of ids, first shown first). */
export function useEntityOrder(queryKey: QueryKey, api: { order: EndpointSpec }) {
  return useInvalidatingMutation(queryKey, (ids: number[]) => call(api.order, { body: { ids } } as never));
}
