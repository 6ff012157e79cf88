import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, clientGalleries } from '../../db/schema';
import { customerNameColumns, type CustomerName } from '../../auth/customers.repository';

export type ClientGalleryRow = typeof clientGalleries.$inferSelect;
export type ClientGalleryInsert = typeof clientGalleries.$inferInsert;
/** A client gallery with the name parts of its customer (null when the account is gone). */
export type ClientGalleryWithOwner = { gallery: ClientGalleryRow; owner: CustomerName | null };

function selectWithOwner(db: DbOrTx) {
  return db
    .select({ gallery: clientGalleries, owner: customerNameColumns })
    .from(clientGalleries)
    .leftJoin(accounts, eq(accounts.id, clientGalleries.accountId));
}

/** Newest first. */
export async function listClientGalleries(db: DbOrTx): Promise<ClientGalleryWithOwner[]> {
  return selectWithOwner(db).orderBy(desc(clientGalleries.timeCreated), desc(clientGalleries.id));
}

export async function findClientGallery(db: DbOrTx, id: number): Promise<ClientGalleryWithOwner | undefined> {
  const [row] = await selectWithOwner(db).where(eq(clientGalleries.id, id)).limit(1);
  return row;
}

/** The row alone, locked (for update) until the transaction ends. */
export async function lockClientGallery(db: DbOrTx, id: number): Promise<ClientGalleryRow | undefined> {
  const [row] = await db.select().from(clientGalleries).where(eq(clientGalleries.id, id)).for('update');
  return row;
}

export async function insertClientGallery(db: DbOrTx, values: ClientGalleryInsert): Promise<ClientGalleryRow> {
  const [row] = await db.insert(clientGalleries).values(values).returning();
  return row!;
}

export async function updateClientGallery(
  db: DbOrTx,
  id: number,
  values: Partial<ClientGalleryInsert>,
): Promise<ClientGalleryRow | undefined> {
  const [row] = await db
    .update(clientGalleries)
    .set({ ...values, timeUpdated: new Date() })
    .where(eq(clientGalleries.id, id))
    .returning();
  return row;
}

export async function deleteClientGallery(db: DbOrTx, id: number): Promise<ClientGalleryRow | undefined> {
  const [row] = await db.delete(clientGalleries).where(eq(clientGalleries.id, id)).returning();
  return row;
}
