/** Types of the dashboard area: one summary of every area, read by the portal's landing screen. */
import { z } from 'zod';
import { endpoint } from './endpoint';
import { deliveryLatestEventSchema } from './delivery';
import { enquirySchema } from './enquiries';
import { submittedSelectionSchema } from './selections';

/** The areas the dashboard counts, in the order the portal shows them. */
export const DASHBOARD_COUNT_KEYS = [
  'services',
  'love_stories',
  'client_galleries',
  'gallery_photos',
  'team_members',
  'users',
  'admins',
  'enquiries',
  'page_images',
  'carousel_items',
  'home_gallery_images',
] as const;
export type DashboardCountKey = (typeof DASHBOARD_COUNT_KEYS)[number];

/** Areas with a publish toggle; the dashboard also reports how many are published. */
export const DASHBOARD_PUBLISHABLE_KEYS = [
  'services',
  'love_stories',
  'client_galleries',
  'page_images',
  'carousel_items',
  'home_gallery_images',
] as const satisfies readonly DashboardCountKey[];
export type DashboardPublishableKey = (typeof DASHBOARD_PUBLISHABLE_KEYS)[number];

/** Number of newest enquiries the dashboard lists. */
export const DASHBOARD_LATEST_ENQUIRIES = 5;

/** Seconds the media-storage figure may be stale (walking the media folder is costly). */
export const DASHBOARD_STORAGE_TTL_SECONDS = 60;

const counts = <const K extends readonly string[]>(keys: K) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as { [P in K[number]]: z.ZodNumber });

export const dashboardStorageSchema = z.object({
  files: z.number().int(),
  bytes: z.number(),
  /** When the figure was measured (ISO time); it is cached for DASHBOARD_STORAGE_TTL_SECONDS. */
  measured_at: z.string(),
});
export type DashboardStorage = z.infer<typeof dashboardStorageSchema>;

/** GET /adminportal/dashboard/ */
export const dashboardSummarySchema = z.object({
  counts: counts(DASHBOARD_COUNT_KEYS),
  published: counts(DASHBOARD_PUBLISHABLE_KEYS),
  latest_enquiries: z.array(enquirySchema),
  /** The customers' latest views, unlocks, downloads and favourites changes, newest first. */
  latest_deliveries: z.array(deliveryLatestEventSchema),
  /** Visitors' submitted selections (still frozen), newest first. */
  submitted_selections: z.array(submittedSelectionSchema),
  storage: dashboardStorageSchema,
  /** Active admins with an e-mail address: who hears of a new enquiry (none: nobody does). */
  enquiry_recipients: z.number().int(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardApi = {
  summary: endpoint({
    method: 'GET',
    path: '/adminportal/dashboard/',
    tag: 'dashboard',
    summary: 'Counts of every area, the latest enquiries and media storage use',
    response: dashboardSummarySchema,
  }),
} as const;

export const DASHBOARD_MESSAGES = {
  title: 'Dashboard',
  loadFailed: 'Dashboard could not be loaded.',
  noEnquiries: 'No enquiries yet',
  noRecipients: 'No admin has an e-mail address, so new enquiries notify no one.',
  addEmail: 'Add your e-mail address',
} as const;
