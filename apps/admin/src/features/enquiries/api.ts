import { useQuery } from '@tanstack/react-query';
import { enquiriesApi } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

export const enquiryKeys = { all: ['enquiries'] as const };

export function useEnquiries() {
  return useQuery({ queryKey: enquiryKeys.all, queryFn: ({ signal }) => call(enquiriesApi.list, { signal }) });
}

export function useDeleteEnquiry() {
  return useInvalidatingMutation(enquiryKeys.all, (id: number) => call(enquiriesApi.remove, { params: { id } }));
}
