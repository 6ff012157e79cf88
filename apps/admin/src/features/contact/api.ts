import { useQuery } from '@tanstack/react-query';
import { contactApi, type ContactInfoFormOutput, type ContactUsFormOutput } from '@darkroom/contracts';
import { toFormData } from '../../api/client';
import { call, send } from '../../api/endpoints';
import { useInvalidatingMutation as useInvalidating, type UploadProgress as Progress } from '../../api/mutations';

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
  return useQuery({ queryKey: contactKeys.info, queryFn: ({ signal }) => call(contactApi.infoList, { signal }) });
}

export function useCreateContactInfo() {
  return useInvalidating(contactKeys.info, (values: ContactWrite) => call(contactApi.infoCreate, { body: contactForm(values) }));
}

export function useUpdateContactInfo() {
  return useInvalidating(contactKeys.info, ({ id, values }: { id: number; values: ContactWrite }) =>
    call(contactApi.infoUpdate, { params: { id }, body: contactForm(values) }),
  );
}

export function useDeleteContactInfo() {
  return useInvalidating(contactKeys.info, (id: number) => call(contactApi.infoRemove, { params: { id } }));
}

// Contact-us page content (/Contact-us).

export function useContactUsContent() {
  return useQuery({
    queryKey: contactKeys.content,
    queryFn: ({ signal }) => call(contactApi.contentList, { signal }),
    // The page has one record: the first.
    select: (rows) => rows[0] ?? null,
  });
}

export function useCreateContactUsContent() {
  return useInvalidating(
    contactKeys.content,
    ({ values, onProgress }: { values: ContactUsWrite; onProgress?: Progress }) =>
      send(contactApi.contentCreate, { form: contactForm(values), onProgress }).promise,
  );
}

export function useUpdateContactUsContent() {
  return useInvalidating(
    contactKeys.content,
    ({ id, values, onProgress }: { id: number; values: ContactUsWrite; onProgress?: Progress }) =>
      send(contactApi.contentUpdate, { params: { id }, form: contactForm(values), onProgress }).promise,
  );
}
