import { GALLERY_LINK_MESSAGES, type GalleryLink, type GalleryLinkInput } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { customerName, requireCustomer } from '../../auth/customers.repository';
import { orNotFound } from '../../lib/errors';
import {
  deleteGalleryLink,
  findGalleryLink,
  insertGalleryLink,
  listGalleryLinks,
  updateGalleryLink,
  type GalleryLinkValues,
  type GalleryLinkWithRefs,
} from './gallery-links.repository';

/** Dropped by every gallery link write. */
export const GALLERY_LINKS_TAG = 'gallery-links';

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

/** A POST or PUT body's values; the user must be a customer. */
async function linkValues(ctx: AppContext, data: GalleryLinkInput): Promise<GalleryLinkValues> {
  await requireCustomer(ctx.db, data.user, 'user', GALLERY_LINK_MESSAGES.userRequired);
  return { link: data.link, description: data.description, accountId: data.user };
}

async function byId(ctx: AppContext, id: number): Promise<GalleryLink> {
  return toGalleryLink(await orNotFound(findGalleryLink(ctx.db, id)));
}

export async function galleryLinkList(ctx: AppContext): Promise<GalleryLink[]> {
  return (await listGalleryLinks(ctx.db)).map(toGalleryLink);
}

export async function createGalleryLink(ctx: AppContext, input: GalleryLinkInput): Promise<GalleryLink> {
  const values = await linkValues(ctx, input);
  const id = await insertGalleryLink(ctx.db, values);
  await ctx.cache.invalidate(GALLERY_LINKS_TAG);
  return byId(ctx, id);
}

/** PUT: a full replacement of link, description and user. */
export async function replaceGalleryLink(ctx: AppContext, id: number, input: GalleryLinkInput): Promise<GalleryLink> {
  await orNotFound(findGalleryLink(ctx.db, id));
  const values = await linkValues(ctx, input);
  // orNotFound: deleted between the check and the write.
  await orNotFound(updateGalleryLink(ctx.db, id, values));
  await ctx.cache.invalidate(GALLERY_LINKS_TAG);
  return byId(ctx, id);
}

export async function removeGalleryLink(ctx: AppContext, id: number): Promise<void> {
  await orNotFound(deleteGalleryLink(ctx.db, id));
  await ctx.cache.invalidate(GALLERY_LINKS_TAG);
}
