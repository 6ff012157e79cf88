import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DashboardCountKey, DashboardPublishableKey } from '@darkroom/contracts';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  carouselItems,
  clientGalleries,
  enquiries,
  galleryPhotos,
  homeGalleryImages,
  loveStories,
  pageImages,
  services,
  teamMembers,
} from '../../db/schema';

const total = (table: PgTable, where?: SQL) =>
  sql<number>`(select count(*) from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(Number);

/**
 * Every count in one round trip: a scalar subquery per area (and per published flag),
 * so the dashboard costs one query however many areas it shows.
 */
export async function countAll(db: DbOrTx): Promise<{
  counts: Record<DashboardCountKey, number>;
  published: Record<DashboardPublishableKey, number>;
  enquiryRecipients: number;
}> {
  const [row] = await db
    .select({
      services: total(services),
      love_stories: total(loveStories),
      client_galleries: total(clientGalleries),
      gallery_photos: total(galleryPhotos),
      team_members: total(teamMembers),
      users: total(accounts, sql`${accounts.isStaff} = false`),
      admins: total(accounts, sql`${accounts.isStaff} = true`),
      enquiries: total(enquiries),
      page_images: total(pageImages),
      carousel_items: total(carouselItems),
      home_gallery_images: total(homeGalleryImages),
      // Whom a new enquiry is mailed to (enquiries.service.ts notifyAdmins).
      recipients: total(accounts, sql`${accounts.isStaff} = true and ${accounts.isActive} = true and trim(${accounts.email}) <> ''`),
      p_services: total(services, sql`${services.status} = true`),
      p_love_stories: total(loveStories, sql`${loveStories.status} = true`),
      p_client_galleries: total(clientGalleries, sql`${clientGalleries.status} = true`),
      p_page_images: total(pageImages, sql`${pageImages.status} = true`),
      p_carousel_items: total(carouselItems, sql`${carouselItems.status} = true`),
      p_home_gallery_images: total(homeGalleryImages, sql`${homeGalleryImages.status} = true`),
    })
    .from(sql`(select 1) as one`);
  const r = row!;
  return {
    counts: {
      services: r.services,
      love_stories: r.love_stories,
      client_galleries: r.client_galleries,
      gallery_photos: r.gallery_photos,
      team_members: r.team_members,
      users: r.users,
      admins: r.admins,
      enquiries: r.enquiries,
      page_images: r.page_images,
      carousel_items: r.carousel_items,
      home_gallery_images: r.home_gallery_images,
    },
    published: {
      services: r.p_services,
      love_stories: r.p_love_stories,
      client_galleries: r.p_client_galleries,
      page_images: r.p_page_images,
      carousel_items: r.p_carousel_items,
      home_gallery_images: r.p_home_gallery_images,
    },
    enquiryRecipients: r.recipients,
  };
}
