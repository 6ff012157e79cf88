import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  enquiriesApi,
  type EnquiryConvertInput,
  type EnquiryFilters,
  type EnquiryPatch,
  type EnquiryReplyInput,
} from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

export const enquiryKeys = { all: ['enquiries'] as const };

/** A page of the enquiries the filters pass, filtered by the server; the last page shows while the next loads. */
export function useEnquiries(query: EnquiryFilters) {
  return useQuery({
    queryKey: [...enquiryKeys.all, query],
    queryFn: ({ signal }) => call(enquiriesApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteEnquiry() {
  return useInvalidatingMutation(enquiryKeys.all, (id: number) => call(enquiriesApi.remove, { params: { id } }));
}

export function useUpdateEnquiry() {
  return useInvalidatingMutation(enquiryKeys.all, ({ id, patch }: { id: number; patch: EnquiryPatch }) =>
    call(enquiriesApi.update, { params: { id }, body: patch }),
  );
}

export function useReplyToEnquiry() {
  return useInvalidatingMutation(enquiryKeys.all, ({ id, reply }: { id: number; reply: EnquiryReplyInput }) =>
    call(enquiriesApi.reply, { params: { id }, body: reply }),
  );
}

export function useConvertEnquiry() {
  return useInvalidatingMutation(enquiryKeys.all, ({ id, details }: { id: number; details: EnquiryConvertInput }) =>
    call(enquiriesApi.convert, { params: { id }, body: details }),
  );
}
