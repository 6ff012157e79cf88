import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** Upload percentage callback handed to `upload(...)`. */
export type UploadProgress = (percent: number) => void;

export interface InvalidatingMutationOptions<R> {
  /**
   * When the list is refreshed: 'settled' (default) also after a failure, which may come from a
   * stale row; 'success' only after a successful write.
   */
  refreshOn?: 'settled' | 'success';
  /** Runs first on success, e.g. to put the saved record into the cache at once. */
  onSuccess?: (saved: R, client: QueryClient) => void;
}

/** A write that refreshes the area's queries (by key prefix) once it is done. */
export function useInvalidatingMutation<V, R>(
  queryKey: QueryKey,
  mutationFn: (vars: V) => Promise<R>,
  { refreshOn = 'settled', onSuccess }: InvalidatingMutationOptions<R> = {},
) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey });
  return useMutation({
    mutationFn,
    onSuccess: (saved: R) => {
      onSuccess?.(saved, client);
      return refreshOn === 'success' ? refresh() : undefined;
    },
    onSettled: () => (refreshOn === 'settled' ? refresh() : undefined),
  });
}
