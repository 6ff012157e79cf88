import { useQuery } from '@tanstack/react-query';
import type { PersonAccount, SendEmailFormValues, SendEmailResult, SentEmailRecord } from '@darkroom/contracts';
import { ApiError, api } from '../../api/client';
import { useInvalidatingMutation } from '../../api/mutations';

/** The admin list is the people area's endpoint; this screen only reads it. */
export const emailKeys = { admins: ['emails', 'admins'] as const, history: ['emails', 'history'] as const };

const SEND_URL = '/adminportal/send-email/';

export function useAdminRecipients() {
  return useQuery({
    queryKey: emailKeys.admins,
    queryFn: ({ signal }) => api.get<PersonAccount[]>('/adminportal/manage-admins/', signal),
  });
}

/**
 * Sends the e-mail. A 502 still carries what happened to each recipient (none got it), so it
 * resolves with that result instead of failing; anything else that fails rejects.
 */
export function useSentEmails() {
  return useQuery({ queryKey: emailKeys.history, queryFn: ({ signal }) => api.get<SentEmailRecord[]>(SEND_URL, signal) });
}

export function useSendEmail() {
  return useInvalidatingMutation(emailKeys.history, async (values: SendEmailFormValues): Promise<SendEmailResult> => {
    try {
      return await api.post<SendEmailResult>(SEND_URL, { ...values });
    } catch (err) {
      if (err instanceof ApiError && err.status === 502 && isSendResult(err.body)) return err.body;
      throw err;
    }
  });
}

function isSendResult(body: unknown): body is SendEmailResult {
  return !!body && typeof body === 'object' && Array.isArray((body as SendEmailResult).results);
}
