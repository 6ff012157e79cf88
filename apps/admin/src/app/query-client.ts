import { QueryClient } from '@tanstack/react-query';

/** The portal's one query cache, kept for the whole visit (signing out and in again reuses it). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});
