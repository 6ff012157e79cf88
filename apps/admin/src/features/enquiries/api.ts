import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Enquiry } from '@darkroom/contracts';
import { api } from '../../api/client';

const BASE = '/adminportal/user-enqueries/';

export const enquiryKeys = { all: ['enquiries'] as const };

export function useEnquiries() {
  return useQuery({ queryKey: enquiryKeys.all, queryFn: ({ signal }) => api.get<Enquiry[]>(BASE, signal) });
}

export function useDeleteEnquiry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<null>(`${BASE}${id}/`),
    onSettled: () => qc.invalidateQueries({ queryKey: enquiryKeys.all }),
  });
}

/** The table's 'Date Created': local date and time, short. */
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
