import {
  DASHBOARD_LATEST_DELIVERIES,
  DASHBOARD_LATEST_ENQUIRIES,
  DASHBOARD_SUBMITTED_SELECTIONS,
  DASHBOARD_STORAGE_TTL_SECONDS,
  type DashboardStorage,
  type DashboardSummary,
} from '@darkroom/contracts';
import type { AppContext } from '../../context';
import type { MediaStorage } from '../../media/storage';
import { listEnquiries } from '../enquiries/enquiries.repository';
import { toEnquiry } from '../enquiries/enquiries.service';
import { countAll } from './dashboard.repository';
import { latestDeliveryEvents } from '../delivery/delivery.service';
import { latestSubmittedSelections } from '../delivery/selections.service';

/**
 * Media usage, measured at most once per TTL per app: walking the media folder touches every
 * file, and the figure need not be exact. Concurrent callers share one walk. Keyed by the
 * storage itself: route plugins see an encapsulated copy of `app`, the storage is shared.
 */
const storageMemo = new WeakMap<MediaStorage, { at: number; value: Promise<DashboardStorage> }>();

export function storageUsage(ctx: AppContext, now = Date.now()): Promise<DashboardStorage> {
  const storage = ctx.storage;
  const hit = storageMemo.get(storage);
  if (hit && now - hit.at < DASHBOARD_STORAGE_TTL_SECONDS * 1000) return hit.value;
  const value = storage.usage().then(({ files, bytes }) => ({ files, bytes, measured_at: new Date(now).toISOString() }));
  storageMemo.set(storage, { at: now, value });
  // A failed walk is not remembered, so the next request tries again.
  value.catch(() => storageMemo.delete(storage));
  return value;
}

/** Drops the remembered storage figure (tests, or after a bulk import). */
export function forgetStorageUsage(ctx: AppContext): void {
  storageMemo.delete(ctx.storage);
}

/** Counts are always live (one cheap query); only the storage figure is cached. */
export async function dashboardSummary(ctx: AppContext): Promise<DashboardSummary> {
  const [{ counts, published, enquiryRecipients }, enquiries, deliveries, selections, storage] = await Promise.all([
    countAll(ctx.db),
    listEnquiries(ctx.db, DASHBOARD_LATEST_ENQUIRIES),
    latestDeliveryEvents(ctx, DASHBOARD_LATEST_DELIVERIES),
    latestSubmittedSelections(ctx, DASHBOARD_SUBMITTED_SELECTIONS),
    storageUsage(ctx),
  ]);
  return {
    counts,
    published,
    latest_enquiries: enquiries.map((row) => toEnquiry(row)),
    latest_deliveries: deliveries,
    submitted_selections: selections,
    storage,
    enquiry_recipients: enquiryRecipients,
  };
}
