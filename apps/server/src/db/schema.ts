import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StoredImage } from '../media/stored-image';

const created = () => timestamp('time_created', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('time_updated', { withTimezone: true }).notNull().defaultNow();
const image = (name: string) => jsonb(name).$type<StoredImage>();

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

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description').notNull(),
  description2: text('description2').notNull().default(''),
  cover: image('cover').notNull(),
  status: boolean('status').notNull().default(false),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const GALLERY_PARENT_TYPES = ['service', 'love-story', 'client-gallery'] as const;
export type GalleryParentType = (typeof GALLERY_PARENT_TYPES)[number];

/** Photos of a service, love story or client gallery, in their saved order. */
export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    id: serial('id').primaryKey(),
    parentType: varchar('parent_type', { length: 20 }).$type<GalleryParentType>().notNull(),
    parentId: integer('parent_id').notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    title: varchar('title', { length: 255 }).notNull().default(''),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    image: image('image').notNull(),
    position: integer('position').notNull().default(0),
    timeCreated: created(),
    timeUpdated: updated(),
  },
  (t) => [
    uniqueIndex('gallery_photos_name').on(t.parentType, t.parentId, t.name),
    uniqueIndex('gallery_photos_sha').on(t.parentType, t.parentId, t.sha256),
    index('gallery_photos_order').on(t.parentType, t.parentId, t.position, t.id),
  ],
);

export const pageImages = pgTable('page_images', {
  id: serial('id').primaryKey(),
  page: integer('page').notNull(),
  image: image('image').notNull(),
  status: boolean('status').notNull().default(false),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const aboutContent = pgTable('about_content', {
  id: serial('id').primaryKey(),
  headerText: text('header_text').notNull(),
  infoText1: text('info_text1').notNull(),
  infoText2: text('info_text2').notNull().default(''),
  pageImage: image('page_image'),
  infoImage: image('info_image').notNull(),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const carouselItems = pgTable('carousel_items', {
  id: serial('id').primaryKey(),
  header: varchar('header', { length: 15 }).notNull(),
  title: varchar('title', { length: 15 }).notNull(),
  message: varchar('message', { length: 40 }).notNull(),
  image: image('image').notNull(),
  status: boolean('status').notNull().default(false),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const homeGalleryImages = pgTable('home_gallery_images', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  cover: image('cover').notNull(),
  status: boolean('status').notNull().default(false),
  timeCreated: created(),
  timeUpdated: updated(),
});

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

export const contactUsContent = pgTable('contact_us_content', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull().default(''),
  email: varchar('email', { length: 254 }).notNull(),
  phone: varchar('phone', { length: 40 }).notNull(),
  address: text('address').notNull().default(''),
  description: text('description').notNull().default(''),
  navImage: image('nav_image'),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const loveStories = pgTable('love_stories', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 255 }).notNull(),
  /** description1..description5, kept as the spec's JSON object. */
  description: jsonb('description').$type<Record<string, string>>().notNull(),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  cover: image('cover').notNull(),
  status: boolean('status').notNull().default(false),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const clientGalleries = pgTable('client_galleries', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 255 }).notNull(),
  galleryLink: varchar('gallery_link', { length: 500 }).notNull().default(''),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
  cover: image('cover').notNull(),
  status: boolean('status').notNull().default(false),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const galleryLinks = pgTable('gallery_links', {
  id: serial('id').primaryKey(),
  link: varchar('link', { length: 500 }).notNull(),
  description: text('description').notNull(),
  title: varchar('title', { length: 255 }).notNull().default(''),
  accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const teamMembers = pgTable('team_members', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  phone: varchar('phone', { length: 40 }).notNull(),
  title: varchar('title', { length: 255 }).notNull(),
  cover: image('cover').notNull(),
  timeCreated: created(),
  timeUpdated: updated(),
});

export const enquiries = pgTable('enquiries', {
  id: serial('id').primaryKey(),
  fullName: varchar('full_name', { length: 255 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  message: text('message').notNull(),
  timeCreated: created(),
});

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

export const servicePage = pgTable('service_page', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  description: text('description').notNull().default(''),
  image: image('image').notNull(),
  timeCreated: created(),
  timeUpdated: updated(),
});

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
