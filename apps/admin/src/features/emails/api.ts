import { useQuery } from '@tanstack/react-query';
import { adminsApi, emailsApi, type SendEmailFormValues, type SendEmailResult } from '@darkroom/contracts';
import { ApiError } from '../../api/client';
import { call } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

/** The admin list is the people area's endpoint; this screen only reads it. */
export const emailKeys = { admins: ['emails', 'admins'] as const, history: ['emails', 'history'] as const };

export function useAdminRecipients() {
  return useQuery({
    queryKey: emailKeys.admins,
    queryFn: ({ signal }) => call(adminsApi.list, { signal }),
  });
}

/**
 * Sends the e-mail. A 502 still carries what happened to each recipient (none got it), so it
 * resolves with that result instead of failing; anything else that fails rejects.
 */
export function useSentEmails() {
  return useQuery({ queryKey: emailKeys.history, queryFn: ({ signal }) => call(emailsApi.history, { signal }) });
}

export function useSendEmail() {
  return useInvalidatingMutation(emailKeys.history, async (values: SendEmailFormValues): Promise<SendEmailResult> => {
    try {
      return await call(emailsApi.send, { body: { ...values } });
    } catch (err) {
      if (err instanceof ApiError && err.status === 502 && isSendResult(err.body)) return err.body;
      throw err;
    }
  });
}

function isSendResult(body: unknown): body is SendEmailResult {
  return !!body && typeof body === 'object' && Array.isArray((body as SendEmailResult).results);
}
