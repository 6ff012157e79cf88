import { SET_MESSAGES, SETS_PER_GALLERY_MAX, type ClientGallerySet, type SetMove } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notFound, ValidationError } from '../../lib/errors';
import { deliveryTag } from '../delivery/delivery.service';
import * as repo from './sets.repository';

/**
 * Sets of a client gallery, the studio's side: create, rename, reorder, delete, and moving
 * photos in bulk. Every write runs with the gallery's row locked (so two writes of one gallery
 * take turns and a name is checked against what is really there), then clears the gallery's
 * delivery answers, which show the sets as tabs. Each answers the gallery's sets as they are now.
 */

const toView = (s: repo.SetRow): ClientGallerySet => ({ id: s.id, name: s.name, photo_ids: s.photoIds });

async function answer(ctx: AppContext, clientGalleryId: number): Promise<ClientGallerySet[]> {
  return (await repo.setsOf(ctx.db, clientGalleryId)).map(toView);
}

/** Runs `work` in a transaction holding the gallery's lock (404 for an unknown gallery), then clears its delivery answers. */
async function write(ctx: AppContext, clientGalleryId: number, work: (tx: DbOrTx) => Promise<void>): Promise<ClientGallerySet[]> {
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockGallery(tx, clientGalleryId))) throw notFound();
    await work(tx);
  });
  await ctx.cache.invalidate(deliveryTag(clientGalleryId));
  return answer(ctx, clientGalleryId);
}

async function checkName(tx: DbOrTx, clientGalleryId: number, name: string, except?: number): Promise<void> {
  if (await repo.nameTaken(tx, clientGalleryId, name, except)) throw ValidationError.field('name', SET_MESSAGES.nameTaken);
}

async function setOf(tx: DbOrTx, clientGalleryId: number, setId: number) {
  const set = await repo.findSet(tx, clientGalleryId, setId);
  if (!set) throw notFound();
  return set;
}

export async function listSets(ctx: AppContext, clientGalleryId: number): Promise<ClientGallerySet[]> {
  if (!(await repo.galleryExists(ctx.db, clientGalleryId))) throw notFound();
  return answer(ctx, clientGalleryId);
}

/** A new set at the end of the gallery's sets (names are unique per gallery, any case). */
export function createSet(ctx: AppContext, clientGalleryId: number, name: string): Promise<ClientGallerySet[]> {
  return write(ctx, clientGalleryId, async (tx) => {
    const sets = await repo.setsOf(tx, clientGalleryId);
    if (sets.length >= SETS_PER_GALLERY_MAX) throw ValidationError.field('name', SET_MESSAGES.tooMany);
    await checkName(tx, clientGalleryId, name);
    await repo.insertSet(tx, clientGalleryId, name, sets.length);
  });
}

export function renameSet(ctx: AppContext, clientGalleryId: number, setId: number, name: string): Promise<ClientGallerySet[]> {
  return write(ctx, clientGalleryId, async (tx) => {
    await setOf(tx, clientGalleryId, setId);
    await checkName(tx, clientGalleryId, name, setId);
    await repo.renameSet(tx, setId, name);
  });
}

/** The sets in this order: every set of the gallery once, nothing else. */
export function orderSets(ctx: AppContext, clientGalleryId: number, ids: number[]): Promise<ClientGallerySet[]> {
  return write(ctx, clientGalleryId, async (tx) => {
    const current = new Set((await repo.setsOf(tx, clientGalleryId)).map((s) => s.id));
    const sent = new Set(ids);
    if (sent.size !== ids.length || sent.size !== current.size || ids.some((id) => !current.has(id)))
      throw ValidationError.field('ids', SET_MESSAGES.idsInvalid);
    await repo.orderSets(tx, ids);
  });
}

/** Deletes the set; its photos stay in the gallery, in no set. */
export function deleteSet(ctx: AppContext, clientGalleryId: number, setId: number): Promise<ClientGallerySet[]> {
  return write(ctx, clientGalleryId, async (tx) => {
    await setOf(tx, clientGalleryId, setId);
    await repo.deleteSet(tx, setId);
  });
}

/** Moves photos of the gallery into a set (out of the one they were in), or out of any set. */
export function movePhotos(ctx: AppContext, clientGalleryId: number, move: SetMove): Promise<ClientGallerySet[]> {
  return write(ctx, clientGalleryId, async (tx) => {
    if (move.set !== null && !(await repo.findSet(tx, clientGalleryId, move.set)))
      throw ValidationError.field('set', SET_MESSAGES.setInvalid);
    const unique = [...new Set(move.photos)];
    const owned = await repo.galleryPhotoIds(tx, clientGalleryId, unique);
    if (owned.length !== unique.length) throw ValidationError.field('photos', SET_MESSAGES.photosInvalid);
    await repo.placePhotos(tx, unique, move.set);
  });
}
