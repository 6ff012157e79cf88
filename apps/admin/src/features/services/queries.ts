import { queryOptions } from '@tanstack/react-query';
import { servicesApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';

export const serviceKeys = {
  all: ['services'] as const,
  list: () => [...serviceKeys.all, 'list'] as const,
  detail: (id: number) => [...serviceKeys.all, 'detail', id] as const,
};

/** The services list /portfolio shows; also fetched ahead by the route table (`app/routes.tsx`). */
export const servicesQuery = queryOptions({
  queryKey: serviceKeys.list(),
  queryFn: ({ signal }) => call(servicesApi.list, { signal }),
});
