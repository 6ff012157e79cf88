import { SERVICE_PAGE_MESSAGES, type ServicePageContent, type ServicePagePatch } from '@darkroom/contracts';
import { imageEntity } from '../image-entities';
import { servicePageRepository } from './service-page.repository';

/** The service page: one record, created once (a second create is a 409) and then edited. */
export const servicePage = imageEntity({
  repository: servicePageRepository,
  cacheTag: 'service-page',
  images: { imageAssetId: { field: 'image', use: 'servicePageImage' } },
  values: (body: ServicePagePatch) => body,
  toView: (row): Partial<ServicePageContent> => ({ id: row.id, name: row.name, description: row.description }),
  single: { lockId: 727_017, exists: SERVICE_PAGE_MESSAGES.alreadyExists },
});
