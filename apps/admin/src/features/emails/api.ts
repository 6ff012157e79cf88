import { useQuery } from '@tanstack/react-query';
import { adminsApi, emailsApi, type SendEmailFormValues, type SendEmailResult } from '@darkroom/contracts';
import { call } from '../../api/endpoints';
import { useInvalidatingMutation } from '../../api/mutations';

/** The admin list is the people area's endpoint; this screen only reads it. */
export const emailKeys = {
  admins: ['emails', 'admins'] as const,
  history: ['emails', 'history'] as const,
  messages: ['emails', 'messages'] as const,
};

export function useAdminRecipients() {
  return useQuery({
    queryKey: emailKeys.admins,
    queryFn: ({ signal }) => call(adminsApi.list, { signal }),
  });
}

/** The history; while a send is queued it is asked again every few seconds, so its status moves on screen. */
export function useSentEmails() {
  return useQuery({
    queryKey: emailKeys.history,
    queryFn: ({ signal }) => call(emailsApi.history, { signal }),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'queued') ? 3_000 : false),
  });
}

/** Every message the server sends (enquiry notices, delivery links, these e-mails), asked again while one is queued. */
export function useOutgoingMail() {
  return useQuery({
    queryKey: emailKeys.messages,
    queryFn: ({ signal }) => call(emailsApi.messages, { signal }),
    refetchInterval: (query) => (query.state.data?.some((r) => r.status === 'queued') ? 3_000 : false),
  });
}

/** Queues the e-mail: the answer says it is queued; the history shows how it went. */
export function useSendEmail() {
  return useInvalidatingMutation(['emails'], (values: SendEmailFormValues): Promise<SendEmailResult> =>
    call(emailsApi.send, { body: { ...values } }),
  );
}
