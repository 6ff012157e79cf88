import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { servicesApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { preloadCardImage, type Columns } from '../../components/card-grid';

export const serviceKeys = {
  all: ['services'] as const,
  list: () => [...serviceKeys.all, 'list'] as const,
  detail: (id: number) => [...serviceKeys.all, 'detail', id] as const,
};

/** The services list /portfolio shows. */
export const servicesQuery = queryOptions({
  queryKey: serviceKeys.list(),
  queryFn: ({ signal }) => call(servicesApi.list, { signal }),
});

/** Cards drawn at once on /portfolio: whole rows at 3 and 4 a row. */
export const SERVICES_PER_PAGE = 24;

/** /portfolio's cards: 12, 4 and 3 columns wide at xs, sm and md. */
export const SERVICE_COLUMNS: Columns = { xs: 12, sm: 4, md: 3 };

/**
 * /portfolio opened directly (the route table's first data, `app/routes.tsx`): the list, and the
 * first cover as soon as the list is there.
 */
export async function prefetchServices(client: QueryClient): Promise<void> {
  await client.prefetchQuery(servicesQuery);
  const first = client.getQueryData(servicesQuery.queryKey)?.[0];
  if (first) preloadCardImage({ url: first.cover_image, srcset: first.cover_image_view.srcset }, SERVICE_COLUMNS);
}
