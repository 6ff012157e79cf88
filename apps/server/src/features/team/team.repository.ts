import { desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { teamMembers } from '../../db/schema';

export type TeamRow = typeof teamMembers.$inferSelect;
export type TeamValues = Pick<typeof teamMembers.$inferInsert, 'name' | 'email' | 'phone' | 'title' | 'coverAssetId'>;

export async function listTeam(db: Db): Promise<TeamRow[]> {
  return db.select().from(teamMembers).orderBy(desc(teamMembers.timeCreated), desc(teamMembers.id));
}

/** `lock` holds the row (for update) until the transaction ends. */
export async function findTeamMember(db: DbOrTx, id: number, lock = false): Promise<TeamRow | undefined> {
  const query = db.select().from(teamMembers).where(eq(teamMembers.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertTeamMember(db: DbOrTx, values: TeamValues): Promise<TeamRow> {
  const [row] = await db.insert(teamMembers).values(values).returning();
  return row!;
}

export async function updateTeamMember(db: DbOrTx, id: number, patch: Partial<TeamValues>): Promise<TeamRow | undefined> {
  const [row] = await db
    .update(teamMembers)
    .set({ ...patch, timeUpdated: new Date() })
    .where(eq(teamMembers.id, id))
    .returning();
  return row;
}

export async function deleteTeamMember(db: DbOrTx, id: number): Promise<TeamRow | undefined> {
  const [row] = await db.delete(teamMembers).where(eq(teamMembers.id, id)).returning();
  return row;
}
