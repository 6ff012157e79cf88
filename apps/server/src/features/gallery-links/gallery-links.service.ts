import type { FastifyInstance } from 'fastify';
import { GALLERY_LINK_MESSAGES, galleryLinkSchema, type GalleryLink } from '@darkroom/contracts';
import { customerName, requireCustomer } from '../../auth/customers';
import { orNotFound } from '../../lib/errors';
import { validate } from '../../lib/validate';
import {
  deleteGalleryLink,
  findGalleryLink,
  insertGalleryLink,
  listGalleryLinks,
  updateGalleryLink,
  type GalleryLinkValues,
  type GalleryLinkWithRefs,
} from './gallery-links.repository';

export function toGalleryLink({ link, owner, galleryTitle }: GalleryLinkWithRefs): GalleryLink {
  return {
    id: link.id,
    link: link.link,
    description: link.description,
    user: link.accountId,
    user_text: customerName(owner),
    title: galleryTitle ?? '',
    time_created: link.timeCreated.toISOString(),
  };
}

/** Validates a POST or PUT body: all three fields, and the user must be a customer. */
async function linkValues(app: FastifyInstance, fields: Record<string, unknown>): Promise<GalleryLinkValues> {
  const data = validate(galleryLinkSchema, fields);
  await requireCustomer(app.db, data.user, 'user', GALLERY_LINK_MESSAGES.userRequired);
  return { link: data.link, description: data.description, accountId: data.user };
}

async function byId(app: FastifyInstance, id: number): Promise<GalleryLink> {
  return toGalleryLink(await orNotFound(findGalleryLink(app.db, id)));
}

export async function galleryLinkList(app: FastifyInstance): Promise<GalleryLink[]> {
  return (await listGalleryLinks(app.db)).map(toGalleryLink);
}

export async function createGalleryLink(app: FastifyInstance, fields: Record<string, unknown>): Promise<GalleryLink> {
  const values = await linkValues(app, fields);
  return byId(app, await insertGalleryLink(app.db, values));
}

/** PUT: a full replacement of link, description and user. */
export async function replaceGalleryLink(app: FastifyInstance, id: number, fields: Record<string, unknown>): Promise<GalleryLink> {
  await orNotFound(findGalleryLink(app.db, id));
  const values = await linkValues(app, fields);
  // orNotFound: deleted between the check and the write.
  await orNotFound(updateGalleryLink(app.db, id, values));
  return byId(app, id);
}

export async function removeGalleryLink(app: FastifyInstance, id: number): Promise<void> {
  await orNotFound(deleteGalleryLink(app.db, id));
}
