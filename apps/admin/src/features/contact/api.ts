import { useQuery } from '@tanstack/react-query';
import type { ContactInfo, ContactInfoFormOutput, ContactUsContent, ContactUsFormOutput } from '@darkroom/contracts';
import { api, toFormData, upload } from '../../api/client';
import { useInvalidatingMutation as useInvalidating, type UploadProgress as Progress } from '../../api/mutations';

const INFO_URL = '/adminportal/manage-contact-us-info/';
const CONTENT_URL = '/adminportal/pages/contact-us-content/';
/** The spec's update path for contact-us content (it differs from the list path). */
const CONTENT_UPDATE_URL = '/adminportal/pages/contact-content/';

export const contactKeys = {
  info: ['contact', 'info'] as const,
  content: ['contact', 'content'] as const,
};

export type ContactWrite = ContactInfoFormOutput;
/** nav_image is optional; sent only when a file was chosen. */
export type ContactUsWrite = ContactUsFormOutput<File>;

/** `name` holds the email (spec), so every write sends it alongside. */
const contactForm = (values: ContactWrite | ContactUsWrite) => toFormData({ name: values.email, ...values });

// Contact information (/Contact-us-info).

export function useContactInfoList() {
  return useQuery({ queryKey: contactKeys.info, queryFn: ({ signal }) => api.get<ContactInfo[]>(INFO_URL, signal) });
}

export function useCreateContactInfo() {
  return useInvalidating(contactKeys.info, (values: ContactWrite) => api.post<ContactInfo>(INFO_URL, contactForm(values)));
}

export function useUpdateContactInfo() {
  return useInvalidating(contactKeys.info, ({ id, values }: { id: number; values: ContactWrite }) =>
    api.patch<ContactInfo>(`${INFO_URL}${id}/`, contactForm(values)),
  );
}

export function useDeleteContactInfo() {
  return useInvalidating(contactKeys.info, (id: number) => api.delete<void>(`${INFO_URL}${id}/`));
}

// Contact-us page content (/Contact-us).

export function useContactUsContent() {
  return useQuery({
    queryKey: contactKeys.content,
    queryFn: ({ signal }) => api.get<ContactUsContent[]>(CONTENT_URL, signal),
    // The page has one record: the first.
    select: (rows) => rows[0] ?? null,
  });
}

export function useCreateContactUsContent() {
  return useInvalidating(
    contactKeys.content,
    ({ values, onProgress }: { values: ContactUsWrite; onProgress?: Progress }) =>
      upload<ContactUsContent>('POST', CONTENT_URL, contactForm(values), onProgress).promise,
  );
}

export function useUpdateContactUsContent() {
  return useInvalidating(
    contactKeys.content,
    ({ id, values, onProgress }: { id: number; values: ContactUsWrite; onProgress?: Progress }) =>
      upload<ContactUsContent>('PATCH', `${CONTENT_UPDATE_URL}${id}/`, contactForm(values), onProgress).promise,
  );
}
