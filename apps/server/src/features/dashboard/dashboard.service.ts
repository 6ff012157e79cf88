import type { FastifyInstance } from 'fastify';
import {
  DASHBOARD_LATEST_ENQUIRIES,
  DASHBOARD_STORAGE_TTL_SECONDS,
  type DashboardStorage,
  type DashboardSummary,
} from '@darkroom/contracts';
import { countAll, latestEnquiries } from './dashboard.repository';

/**
 * Media usage, measured at most once per TTL per app: walking the media folder touches every
 * file, and the figure need not be exact. Concurrent callers share one walk.
 */
const storageMemo = new WeakMap<FastifyInstance, { at: number; value: Promise<DashboardStorage> }>();

export function storageUsage(app: FastifyInstance, now = Date.now()): Promise<DashboardStorage> {
  const hit = storageMemo.get(app);
  if (hit && now - hit.at < DASHBOARD_STORAGE_TTL_SECONDS * 1000) return hit.value;
  const value = app.storage.usage().then(({ files, bytes }) => ({ files, bytes, measured_at: new Date(now).toISOString() }));
  storageMemo.set(app, { at: now, value });
  // A failed walk is not remembered, so the next request tries again.
  value.catch(() => storageMemo.delete(app));
  return value;
}

/** Drops the remembered storage figure (tests, or after a bulk import). */
export function forgetStorageUsage(app: FastifyInstance): void {
  storageMemo.delete(app);
}

/** Counts are always live (one cheap query); only the storage figure is cached. */
export async function dashboardSummary(app: FastifyInstance): Promise<DashboardSummary> {
  const [{ counts, published }, enquiries, storage] = await Promise.all([
    countAll(app.db),
    latestEnquiries(app.db, DASHBOARD_LATEST_ENQUIRIES),
    storageUsage(app),
  ]);
  return {
    counts,
    published,
    latest_enquiries: enquiries.map((e) => ({
      id: e.id,
      full_name: e.fullName,
      email: e.email,
      message: e.message,
      time_created: e.timeCreated.toISOString(),
    })),
    storage,
  };
}
