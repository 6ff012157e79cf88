import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { AssetState, AssetVariants } from '../media/stored-image';
import type { MailContent } from '../mail/content';

const created = () => timestamp('time_created', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('time_updated', { withTimezone: true }).notNull().defaultNow();
/**
 * An entity's image: a foreign key to the asset that owns the files. The asset cannot be deleted
 * while a row points at it (ON DELETE NO ACTION); collection finds unreferenced assets from these keys.
 */
const asset = (field: string) => integer(`${field}_asset_id`).references((): AnyPgColumn => mediaAssets.id);

/** Admins (is_staff) and customers share one table, as the spec's user entity does. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 150 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: varchar('phone', { length: 40 }).notNull().default(''),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
  },
  (t) => [uniqueIndex('accounts_username_lower').on(sql`lower(${t.username})`)],
);

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tokens_hash').on(t.tokenHash), index('auth_tokens_account').on(t.accountId)],
);

/** Every stored image: the original (byte for byte) and what was derived from it. */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: serial('id').primaryKey(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    /** CRC-32 of the original (what a zip entry needs), kept so a download does not compute it. */
    crc32: bigint('crc32', { mode: 'number' }),
    mime: varchar('mime', { length: 40 }).$type<'image/jpeg' | 'image/png'>().notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: jsonb('variants').$type<AssetVariants>().notNull(),
    placeholder: text('placeholder'),
    /** `processing` until its derived files are made (by a job, for gallery photos), then `ready`, or `failed`. */
    state: varchar('state', { length: 12 }).$type<AssetState>().notNull().default('ready'),
    /** Why it failed, as the portal shows it. */
    error: text('error'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_assets_sha256').on(t.sha256),
    index('media_assets_pending')
      .on(t.id)
      .where(sql`${t.state} = 'processing'`),
    // /media/ finds the asset of a derived file's key by these (drizzle/0013_private_previews.sql).
    index('media_assets_square_key').using('btree', sql`(${t.variants}->>'square')`),
    index('media_assets_wide_key').using('btree', sql`(${t.variants}->>'wide')`),
    index('media_assets_width_keys').using('gin', sql`(${t.variants}->'widths') jsonb_path_ops`),
  ],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull(),
    description2: text('description2').notNull().default(''),
    seoTitle: varchar('seo_title', { length: 70 }).notNull().default(''),
    seoDescription: varchar('seo_description', { length: 300 }).notNull().default(''),
    coverAssetId: asset('cover').notNull(),
    status: boolean('status').notNull().default(false),
    /** The admin's order (0 first; migration 0017_record_order); new rows go last. */
    position: integer('position').notNull().default(0),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('services_cover_asset').on(t.coverAssetId)],
);

export const GALLERY_PARENT_TYPES = ['service', 'love-story', 'client-gallery'] as const;
export type GalleryParentType = (typeof GALLERY_PARENT_TYPES)[number];

export const pageImages = pgTable(
  'page_images',
  {
    id: serial('id').primaryKey(),
    page: integer('page').notNull(),
    imageAssetId: asset('image').notNull(),
    status: boolean('status').notNull().default(false),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('page_images_image_asset').on(t.imageAssetId)],
);

export const aboutContent = pgTable(
  'about_content',
  {
    id: serial('id').primaryKey(),
    headerText: text('header_text').notNull(),
    infoText1: text('info_text1').notNull(),
    infoText2: text('info_text2').notNull().default(''),
    /** Migration: drizzle/0018_page_seo.sql. */
    seoTitle: varchar('seo_title', { length: 70 }).notNull().default(''),
    seoDescription: varchar('seo_description', { length: 300 }).notNull().default(''),
    pageImageAssetId: asset('page_image'),
    infoImageAssetId: asset('info_image').notNull(),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('about_content_page_image_asset').on(t.pageImageAssetId), index('about_content_info_image_asset').on(t.infoImageAssetId)],
);

export const carouselItems = pgTable(
  'carousel_items',
  {
    id: serial('id').primaryKey(),
    header: varchar('header', { length: 15 }).notNull(),
    title: varchar('title', { length: 15 }).notNull(),
    message: varchar('message', { length: 40 }).notNull(),
    imageAssetId: asset('image').notNull(),
    status: boolean('status').notNull().default(false),
    /** The admin's order (0 first; migration 0017_record_order); new rows go last. */
    position: integer('position').notNull().default(0),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('carousel_items_image_asset').on(t.imageAssetId)],
);

export const homeGalleryImages = pgTable(
  'home_gallery_images',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    coverAssetId: asset('cover').notNull(),
    status: boolean('status').notNull().default(false),
    /** The admin's order (0 first; migration 0017_record_order); new rows go last. */
    position: integer('position').notNull().default(0),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('home_gallery_images_cover_asset').on(t.coverAssetId)],
);

export const contactInfos = pgTable('contact_infos', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull().default(''),
  email: varchar('email', { length: 254 }).notNull(),
  phone: varchar('phone', { length: 40 }).notNull(),
  address: text('address').notNull().default(''),
  description: text('description').notNull().default(''),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const contactUsContent = pgTable(
  'contact_us_content',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 40 }).notNull(),
    address: text('address').notNull().default(''),
    description: text('description').notNull().default(''),
    navImageAssetId: asset('nav_image'),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('contact_us_content_nav_image_asset').on(t.navImageAssetId)],
);

export const loveStories = pgTable(
  'love_stories',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    /** description1..description5, kept as the spec's JSON object. */
    description: jsonb('description').$type<Record<string, string>>().notNull(),
    seoTitle: varchar('seo_title', { length: 70 }).notNull().default(''),
    seoDescription: varchar('seo_description', { length: 300 }).notNull().default(''),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    coverAssetId: asset('cover').notNull(),
    status: boolean('status').notNull().default(false),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('love_stories_cover_asset').on(t.coverAssetId)],
);

export const clientGalleries = pgTable(
  'client_galleries',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 255 }).notNull(),
    galleryLink: varchar('gallery_link', { length: 500 }).notNull().default(''),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    coverAssetId: asset('cover').notNull(),
    status: boolean('status').notNull().default(false),
    /**
     * Client delivery: the private link's token (32 random bytes, base64url), kept as it is so the
     * studio can see the link again; replaced to revoke it. Unique. The database's default (244
     * random bits) covers rows written without one (older galleries, restored backups).
     */
    deliveryToken: varchar('delivery_token', { length: 64 })
      .notNull()
      .default(
        sql`rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`,
      ),
    /** argon2id hash of the gallery's password, or null when it has none. */
    deliveryPasswordHash: text('delivery_password_hash'),
    /** Last day the link works (inclusive, UTC), or null. */
    deliveryExpiresAt: date('delivery_expires_at', { mode: 'string' }),
    allowDownload: boolean('allow_download').notNull().default(true),
    /** What a download may be: `original`, `web` (long edge 2048 px JPEG) or `both`. */
    downloadSize: varchar('download_size', { length: 10 }).$type<'original' | 'web' | 'both'>().notNull().default('original'),
    /** argon2id hash of the four-digit download PIN, or null when downloads need none. */
    downloadPinHash: text('download_pin_hash'),
    /** The expiry date the customer was reminded of (a new date reminds again), or null. */
    expiryReminderFor: date('expiry_reminder_for', { mode: 'string' }),
    /** Each visitor gives a name and e-mail before the photos, and keeps their own list. */
    requireEmail: boolean('require_email').notNull().default(false),
    /** Most photos one list may hold, or null for no limit. */
    selectionLimit: integer('selection_limit'),
    /** When the studio was told the gallery was first opened / downloaded (each alert once). */
    openedAlertAt: timestamp('opened_alert_at', { withTimezone: true }),
    downloadedAlertAt: timestamp('downloaded_alert_at', { withTimezone: true }),
    /** The studio's watermark on every preview and web size the customer gets (originals never). */
    watermark: boolean('watermark').notNull().default(false),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('client_galleries_cover_asset').on(t.coverAssetId), uniqueIndex('client_galleries_delivery_token').on(t.deliveryToken)],
);

/** The photos a customer marked in their client gallery (one set per gallery, shared by its link). */
/**
 * A list of favourites: a visitor who gave a name and e-mail (a gallery with `require_email`), or
 * the gallery's one shared list (email null). Submitting freezes it until the studio reopens it.
 * Migration: drizzle/0014_visitor_selections.sql.
 */
export const deliveryVisitors = pgTable(
  'delivery_visitors',
  {
    id: serial('id').primaryKey(),
    clientGalleryId: integer('client_gallery_id')
      .notNull()
      .references(() => clientGalleries.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull().default(''),
    /** Lower-cased; one list per address and gallery. Null: the shared list. */
    email: varchar('email', { length: 254 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    timeCreated: created(),
  },
  (t) => [
    uniqueIndex('delivery_visitors_email')
      .on(t.clientGalleryId, t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex('delivery_visitors_shared')
      .on(t.clientGalleryId)
      .where(sql`${t.email} is null`),
  ],
);

/** A photo of a client gallery in one list (a visitor's, or the shared one). */
export const deliveryFavourites = pgTable(
  'delivery_favourites',
  {
    clientGalleryId: integer('client_gallery_id')
      .notNull()
      .references(() => clientGalleries.id, { onDelete: 'cascade' }),
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => deliveryVisitors.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id')
      .notNull()
      .references((): AnyPgColumn => galleryPhotos.id, { onDelete: 'cascade' }),
    timeCreated: created(),
  },
  (t) => [
    uniqueIndex('delivery_favourites_pair').on(t.visitorId, t.photoId),
    index('delivery_favourites_photo').on(t.photoId),
    index('delivery_favourites_gallery').on(t.clientGalleryId),
  ],
);

/** A visitor's note on a photo ("crop tighter"), one per list and photo. */
export const deliveryNotes = pgTable(
  'delivery_notes',
  {
    visitorId: integer('visitor_id')
      .notNull()
      .references(() => deliveryVisitors.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id')
      .notNull()
      .references((): AnyPgColumn => galleryPhotos.id, { onDelete: 'cascade' }),
    text: varchar('text', { length: 1000 }).notNull(),
    timeUpdated: timestamp('time_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('delivery_notes_pair').on(t.visitorId, t.photoId), index('delivery_notes_photo').on(t.photoId)],
);

/** What a customer did with a delivery link: views, unlocks, downloads, favourites changes. */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: serial('id').primaryKey(),
    clientGalleryId: integer('client_gallery_id')
      .notNull()
      .references(() => clientGalleries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** view, unlock, download, download-favourites, download-photo, favourites */
    kind: varchar('kind', { length: 40 }).notNull(),
    detail: varchar('detail', { length: 500 }).notNull().default(''),
  },
  (t) => [index('delivery_events_gallery_at').on(t.clientGalleryId, t.at), index('delivery_events_at').on(t.at)],
);

/** Secrets the server makes once and every process shares (the delivery cookies' HMAC key). */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  timeCreated: created(),
});

/**
 * A gallery of photos and its one owner: a service, a love story or a client gallery. Deleting
 * the owner deletes the gallery, and the gallery its photos (the database enforces both).
 */
export const galleries = pgTable(
  'galleries',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    loveStoryId: integer('love_story_id').references(() => loveStories.id, { onDelete: 'cascade' }),
    clientGalleryId: integer('client_gallery_id').references(() => clientGalleries.id, { onDelete: 'cascade' }),
    timeCreated: created(),
  },
  (t) => [
    uniqueIndex('galleries_service').on(t.serviceId),
    uniqueIndex('galleries_love_story').on(t.loveStoryId),
    uniqueIndex('galleries_client_gallery').on(t.clientGalleryId),
    check('galleries_one_owner', sql`num_nonnulls(${t.serviceId}, ${t.loveStoryId}, ${t.clientGalleryId}) = 1`),
  ],
);

/** Photos of a gallery, in their saved order. */
export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    id: serial('id').primaryKey(),
    galleryId: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    title: varchar('title', { length: 255 }).notNull().default(''),
    assetId: integer('asset_id')
      .notNull()
      .references((): AnyPgColumn => mediaAssets.id),
    position: integer('position').notNull().default(0),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [
    uniqueIndex('gallery_photos_name').on(t.galleryId, t.name),
    uniqueIndex('gallery_photos_asset').on(t.galleryId, t.assetId),
    index('gallery_photos_order').on(t.galleryId, t.position, t.id),
    index('gallery_photos_asset_id').on(t.assetId),
  ],
);

/** Named, ordered sets of a client gallery's photos (Getting ready, Ceremony...); names unique per gallery, any case. */
export const clientGallerySets = pgTable(
  'client_gallery_sets',
  {
    id: serial('id').primaryKey(),
    clientGalleryId: integer('client_gallery_id')
      .notNull()
      .references(() => clientGalleries.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
    position: integer('position').notNull().default(0),
    timeCreated: created(),
  },
  (t) => [uniqueIndex('client_gallery_sets_name').on(t.clientGalleryId, sql`lower(${t.name})`)],
);

/** Which set a photo is in (at most one): a photo without a row is in no set. */
export const clientGallerySetPhotos = pgTable(
  'client_gallery_set_photos',
  {
    photoId: integer('photo_id')
      .primaryKey()
      .references(() => galleryPhotos.id, { onDelete: 'cascade' }),
    setId: integer('set_id')
      .notNull()
      .references(() => clientGallerySets.id, { onDelete: 'cascade' }),
  },
  (t) => [index('client_gallery_set_photos_set').on(t.setId)],
);

export const galleryLinks = pgTable('gallery_links', {
  id: serial('id').primaryKey(),
  link: varchar('link', { length: 500 }).notNull(),
  description: text('description').notNull(),
  title: varchar('title', { length: 255 }).notNull().default(''),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 40 }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    coverAssetId: asset('cover').notNull(),
    /** The admin's order (0 first; migration 0017_record_order); new rows go last. */
    position: integer('position').notNull().default(0),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('team_members_cover_asset').on(t.coverAssetId)],
);

/** A visitor's enquiry and where it stands in the studio's pipeline (migration 0009_enquiry_pipeline). */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial('id').primaryKey(),
    fullName: varchar('full_name', { length: 255 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    message: text('message').notNull(),
    eventDate: date('event_date', { mode: 'string' }),
    venue: text('venue').notNull().default(''),
    /** No foreign key: the enquiry keeps the name it was sent with after the service is gone. */
    serviceId: integer('service_id'),
    serviceName: text('service_name').notNull().default(''),
    budget: text('budget').notNull().default(''),
    phone: text('phone').notNull().default(''),
    heardFrom: text('heard_from').notNull().default(''),
    /** 'new', 'replied', 'booked' or 'lost'. */
    status: varchar('status', { length: 10 }).notNull().default('new'),
    notes: text('notes').notNull().default(''),
    customerId: integer('customer_id').references((): AnyPgColumn => accounts.id, { onDelete: 'set null' }),
    clientGalleryId: integer('client_gallery_id').references((): AnyPgColumn => clientGalleries.id, { onDelete: 'set null' }),
    /** When the automatic acknowledgement was queued to the visitor. */
    timeAcknowledged: timestamp('time_acknowledged', { withTimezone: true }),
    timeCreated: created(),
  },
  (t) => [index('enquiries_status_idx').on(t.status)],
);

export const sentEmails = pgTable('sent_emails', {
  id: serial('id').primaryKey(),
  subject: varchar('subject', { length: 255 }).notNull(),
  message: text('message').notNull(),
  recipients: jsonb('recipients').$type<{ id: number; email: string }[]>().notNull(),
  sentBy: integer('sent_by').references(() => accounts.id, { onDelete: 'set null' }),
  status: varchar('status', { length: 20 }).notNull(),
  error: text('error'),
  timeCreated: created(),
});

/** One message the server sends, queued as a job; `sent_email_id` ties an admin e-mail's messages to its send. */
export const outgoingMail = pgTable(
  'outgoing_mail',
  {
    id: serial('id').primaryKey(),
    /** What the message is: 'enquiry' (to the admins), 'delivery' (a link to a customer), 'admin-email'. */
    kind: varchar('kind', { length: 20 }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** The text part as sent (the e-mails page and an enquiry's replies show it). */
    body: text('body').notNull(),
    /** What the message says as data (mail/content.ts): its HTML is rendered from it when sent; null: text only. */
    content: jsonb('content').$type<MailContent>(),
    /** 'queued' until delivered ('sent') or out of tries ('failed'). */
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The last try's error. */
    error: text('error'),
    delivered: varchar('delivered', { length: 20 }),
    /** The SMTP message id or the outbox file. */
    detail: text('detail'),
    sentEmailId: integer('sent_email_id').references(() => sentEmails.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id'),
    timeCreated: created(),
    timeSent: timestamp('time_sent', { withTimezone: true }),
  },
  (t) => [index('outgoing_mail_sent_email_idx').on(t.sentEmailId), index('outgoing_mail_time_created_idx').on(t.timeCreated)],
);

export const servicePage = pgTable(
  'service_page',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    imageAssetId: asset('image').notNull(),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('service_page_image_asset').on(t.imageAssetId)],
);

/**
 * Who did what, when and from where: every admin write, sign-in, failed sign-in and sign-out.
 * The actor's name is copied so an entry still reads after the account is deleted; `fields`
 * names what an update set, never its values.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actorName: varchar('actor_name', { length: 150 }).notNull().default(''),
    action: varchar('action', { length: 40 }).notNull(),
    area: varchar('area', { length: 40 }).notNull(),
    recordId: integer('record_id'),
    label: varchar('label', { length: 255 }).notNull().default(''),
    fields: jsonb('fields').$type<string[]>().notNull().default([]),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('audit_log_at').on(t.at), index('audit_log_actor').on(t.actorId), index('audit_log_record').on(t.area, t.recordId)],
);

export const BLOG_POST_STATUSES = ['draft', 'published', 'scheduled'] as const;

/** The journal's posts; `body` is the editor's ProseMirror JSON, validated before it is stored. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    slug: varchar('slug', { length: 80 }).notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: jsonb('body').notNull(),
    /**
     * One of the post's photos (blog_post_photos.id). No foreign key: the photos reference their
     * post, and a cycle would leave a backup no order to restore in; a missing photo reads as none.
     */
    coverPhotoId: integer('cover_photo_id'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    seoTitle: varchar('seo_title', { length: 70 }).notNull().default(''),
    seoDescription: varchar('seo_description', { length: 300 }).notNull().default(''),
    status: varchar('status', { length: 20 }).$type<(typeof BLOG_POST_STATUSES)[number]>().notNull().default('draft'),
    /** When it was or will be published. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [index('blog_posts_status_publish_at').on(t.status, t.publishAt)],
);

/** Photos uploaded for a post (its cover and its body's photo blocks). */
export const blogPostPhotos = pgTable(
  'blog_post_photos',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references((): AnyPgColumn => blogPosts.id, { onDelete: 'cascade' }),
    imageAssetId: asset('image').notNull(),
    timeCreated: created(),
  },
  (t) => [index('blog_post_photos_post').on(t.postId), index('blog_post_photos_image_asset').on(t.imageAssetId)],
);

/** A reply sent to an enquiry from the portal; its delivery is the outgoing message's. */
export const enquiryReplies = pgTable(
  'enquiry_replies',
  {
    id: serial('id').primaryKey(),
    enquiryId: integer('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    outgoingMailId: integer('outgoing_mail_id').references(() => outgoingMail.id, { onDelete: 'set null' }),
    sentBy: text('sent_by').notNull().default(''),
    timeCreated: created(),
  },
  (t) => [index('enquiry_replies_enquiry_idx').on(t.enquiryId)],
);

/**
 * The studio's watermark: one row (id 1), absent until first saved. Text, or a PNG logo (an asset
 * kept as uploaded), placed at `position`, `size` percent of the photo's width, `opacity` percent.
 */
export const studioWatermark = pgTable(
  'studio_watermark',
  {
    id: integer('id').primaryKey(),
    text: text('text').notNull().default(''),
    logoAssetId: asset('logo'),
    position: varchar('position', { length: 20 }).notNull().default('bottom-right'),
    size: integer('size').notNull().default(25),
    opacity: integer('opacity').notNull().default(50),
    timeUpdated: updated(),
  },
  (t) => [index('studio_watermark_logo_asset').on(t.logoAssetId)],
);
