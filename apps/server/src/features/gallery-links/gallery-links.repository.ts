import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, clientGalleries, galleryLinks } from '../../db/schema';
import { customerNameColumns, type CustomerName } from '../../auth/customers.repository';

export type GalleryLinkRow = typeof galleryLinks.$inferSelect;
export type GalleryLinkValues = Pick<typeof galleryLinks.$inferInsert, 'link' | 'description' | 'accountId'>;
/** A link with its customer's name parts and the title of the client gallery that uses it. */
export type GalleryLinkWithRefs = { link: GalleryLinkRow; owner: CustomerName | null; galleryTitle: string | null };

/** The delivery token in a link to a customer's page (`https://studio/g/<token>/`), as SQL. */
const deliveryTokenOf = sql`substring(${galleryLinks.link} from '^(?:https?://[^/?#]+)?/g/([A-Za-z0-9_-]{22,64})/?(?:[?#].*)?$')`;

/**
 * The title shown for a link, read live so renames show at once: the client gallery whose delivery
 * link it is, else the newest client gallery whose gallery_link is this link.
 */
const galleryTitle = sql<string | null>`coalesce(
  (select ${clientGalleries.title} from ${clientGalleries} where ${clientGalleries.deliveryToken} = ${deliveryTokenOf}),
  (select ${clientGalleries.title} from ${clientGalleries}
   where ${clientGalleries.galleryLink} = ${galleryLinks.link}
   order by ${clientGalleries.timeCreated} desc, ${clientGalleries.id} desc
   limit 1)
)`;

function selectWithRefs(db: DbOrTx) {
  return db
    .select({ link: galleryLinks, owner: customerNameColumns, galleryTitle })
    .from(galleryLinks)
    .leftJoin(accounts, eq(accounts.id, galleryLinks.accountId));
}

/** Newest first. */
export async function listGalleryLinks(db: DbOrTx): Promise<GalleryLinkWithRefs[]> {
  return selectWithRefs(db).orderBy(desc(galleryLinks.timeCreated), desc(galleryLinks.id));
}

export async function findGalleryLink(db: DbOrTx, id: number): Promise<GalleryLinkWithRefs | undefined> {
  const [row] = await selectWithRefs(db).where(eq(galleryLinks.id, id)).limit(1);
  return row;
}

export async function insertGalleryLink(db: DbOrTx, values: GalleryLinkValues): Promise<number> {
  const [row] = await db.insert(galleryLinks).values(values).returning({ id: galleryLinks.id });
  return row!.id;
}

/** The updated row; undefined when there was none with this id. */
export async function updateGalleryLink(db: DbOrTx, id: number, values: GalleryLinkValues): Promise<GalleryLinkRow | undefined> {
  const [row] = await db
    .update(galleryLinks)
    .set({ ...values, timeUpdated: new Date() })
    .where(eq(galleryLinks.id, id))
    .returning();
  return row;
}

/** The deleted row; undefined when there was none with this id. */
export async function deleteGalleryLink(db: DbOrTx, id: number): Promise<GalleryLinkRow | undefined> {
  const [row] = await db.delete(galleryLinks).where(eq(galleryLinks.id, id)).returning();
  return row;
}
