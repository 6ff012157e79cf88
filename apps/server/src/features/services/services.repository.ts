import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { services } from '../../db/schema';
import { byPosition, nextPosition, orderedRepository } from '../ordering.repository';

export type ServiceRow = typeof services.$inferSelect;
export type NewServiceRow = typeof services.$inferInsert;
export type ServicePatch = Partial<
  Pick<ServiceRow, 'name' | 'description' | 'description2' | 'seoTitle' | 'seoDescription' | 'status' | 'coverAssetId'>
>;

/** In the admin's order. */
export function listServiceRows(db: DbOrTx): Promise<ServiceRow[]> {
  return db
    .select()
    .from(services)
    .orderBy(...byPosition(services));
}

/** The order queries of the services. */
export const serviceOrder = orderedRepository(services);

/** `lock` holds the row (for update) until the transaction ends. */
export async function findServiceRow(db: DbOrTx, id: number, lock = false): Promise<ServiceRow | undefined> {
  const query = db.select().from(services).where(eq(services.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A new service goes last. */
export async function insertServiceRow(db: DbOrTx, values: Omit<NewServiceRow, 'position'>): Promise<ServiceRow> {
  const [row] = await db
    .insert(services)
    .values({ ...values, position: nextPosition(services) })
    .returning();
  return row!;
}

export async function updateServiceRow(db: DbOrTx, id: number, patch: ServicePatch): Promise<ServiceRow | undefined> {
  const [row] = await db
    .update(services)
    .set({ ...patch, timeUpdated: new Date() })
    .where(eq(services.id, id))
    .returning();
  return row;
}

export async function deleteServiceRow(db: DbOrTx, id: number): Promise<ServiceRow | undefined> {
  const [row] = await db.delete(services).where(eq(services.id, id)).returning();
  return row;
}
