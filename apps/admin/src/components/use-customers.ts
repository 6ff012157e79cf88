import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usersApi } from '@darkroom/contracts';
import { call } from '../api/endpoints';

/**
 * Under the Users screen's key (['people', 'user']): every people write invalidates that prefix,
 * so a customer added, renamed or removed there shows in the picker at once.
 */
export const customerKeys = {
  search: (text: string) => ['people', 'user', 'search', text] as const,
  one: (id: number) => ['people', 'user', 'one', id] as const,
};

/** How long typing must pause before the server is asked. */
export const CUSTOMER_SEARCH_DELAY_MS = 200;

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The customers matching `text` (the first ones when it is blank), searched on the server. A
 * newer text aborts the older request; the previous answer stays shown meanwhile. Read fresh
 * whenever a dialog opens.
 */
export function useCustomerSearch(text: string) {
  const query = text.trim();
  return useQuery({
    queryKey: customerKeys.search(query),
    queryFn: ({ signal }) => call(usersApi.search, { query: { q: query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One customer, for a record whose customer is not among the results shown. */
export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: customerKeys.one(id ?? 0),
    queryFn: ({ signal }) => call(usersApi.detail, { params: { id: id! }, signal }),
    enabled: id !== null,
    retry: false,
  });
}
