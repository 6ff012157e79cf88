import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, clientGalleries } from '../../db/schema';
import { customerNameColumns, type CustomerName } from '../../auth/customers.repository';

/** A client gallery row with how many photos its customer marked as favourites. */
export type ClientGalleryRow = typeof clientGalleries.$inferSelect & { favouritesCount: number };
export type ClientGalleryInsert = typeof clientGalleries.$inferInsert;
/** A client gallery with the name parts of its customer (null when the account is gone). */
export type ClientGalleryWithOwner = { gallery: ClientGalleryRow; owner: CustomerName | null };

/** The favourites of the row's gallery, counted in the same statement (no query per gallery). */
const favouritesCount = sql<number>`(select count(distinct f.photo_id)::int from delivery_favourites f where f.client_gallery_id = ${clientGalleries.id})`;
const rowColumns = { ...getTableColumns(clientGalleries), favouritesCount };
const fix = <R extends { favouritesCount: number | string }>(row: R): R => ({ ...row, favouritesCount: Number(row.favouritesCount) });

function selectWithOwner(db: DbOrTx) {
  return db
    .select({ gallery: rowColumns, owner: customerNameColumns })
    .from(clientGalleries)
    .leftJoin(accounts, eq(accounts.id, clientGalleries.accountId));
}

const withOwner = (r: { gallery: ClientGalleryRow; owner: CustomerName | null }): ClientGalleryWithOwner => ({
  gallery: fix(r.gallery),
  owner: r.owner,
});

/** Newest first. */
export async function listClientGalleries(db: DbOrTx): Promise<ClientGalleryWithOwner[]> {
  return (await selectWithOwner(db).orderBy(desc(clientGalleries.timeCreated), desc(clientGalleries.id))).map(withOwner);
}

export async function findClientGallery(db: DbOrTx, id: number): Promise<ClientGalleryWithOwner | undefined> {
  const [row] = await selectWithOwner(db).where(eq(clientGalleries.id, id)).limit(1);
  return row && withOwner(row);
}

/** The row alone, locked (for update) until the transaction ends. */
export async function lockClientGallery(db: DbOrTx, id: number): Promise<ClientGalleryRow | undefined> {
  const [row] = await db.select(rowColumns).from(clientGalleries).where(eq(clientGalleries.id, id)).for('update', { of: clientGalleries });
  return row && fix(row);
}

export async function insertClientGallery(db: DbOrTx, values: ClientGalleryInsert): Promise<ClientGalleryRow> {
  const [row] = await db.insert(clientGalleries).values(values).returning();
  return { ...row!, favouritesCount: 0 };
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
    .returning(rowColumns);
  return row && fix(row);
}

export async function deleteClientGallery(db: DbOrTx, id: number): Promise<ClientGalleryRow | undefined> {
  const [row] = await db.delete(clientGalleries).where(eq(clientGalleries.id, id)).returning();
  return row && { ...row, favouritesCount: 0 };
}
