import { useQuery } from '@tanstack/react-query';
import type { Enquiry } from '@darkroom/contracts';
import { api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/mutations';

const BASE = '/adminportal/user-enqueries/';

export const enquiryKeys = { all: ['enquiries'] as const };

export function useEnquiries() {
  return useQuery({ queryKey: enquiryKeys.all, queryFn: ({ signal }) => api.get<Enquiry[]>(BASE, signal) });
}

export function useDeleteEnquiry() {
  return useInvalidatingMutation(enquiryKeys.all, (id: number) => api.delete<null>(`${BASE}${id}/`));
}
