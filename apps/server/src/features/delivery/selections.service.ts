import { DELIVERY_MESSAGES, SELECTION_MESSAGES, type Selection, type SubmittedSelection, type VisitorInput } from '@darkroom/contracts';
import type { AppContext } from '../../context';
import { HttpError, notFound } from '../../lib/errors';
import * as repo from './delivery.repository';
import { DELIVERY_FAVOURITES_TAG, deliveryTag, writableList, type DeliveryAccess } from './delivery.service';
import * as lists from './selections.repository';
import { alertAdmins, submittedMail } from './studio-alerts';

/**
 * Each visitor's selection (proofing), beside delivery.service.ts: registering a visitor, a note
 * per photo, submitting a list, and the studio's view of the lists (reopen, dashboard).
 */

type OpenAccess = Extract<DeliveryAccess, { state: 'open' }>;

/**
 * `POST .../visitor/`: the visitor of this address (the same address in the same gallery keeps
 * its list; its name is updated). Answers the visitor's id for the cookie.
 */
export async function registerVisitor(ctx: AppContext, access: OpenAccess, input: VisitorInput): Promise<number> {
  const email = input.email.toLowerCase();
  const id = await lists.upsertVisitor(ctx.db, access.galleryId, input.name, email);
  await repo.insertEvent(ctx.db, access.galleryId, 'visitor', `${input.name} <${email}>`);
  return id;
}

/** `PUT .../photos/<id>/note/`: the list's note on one photo of the gallery (empty text removes it). */
export async function saveNote(ctx: AppContext, access: OpenAccess, photoId: number, text: string) {
  const [owned] = await repo.photoIdsOf(ctx.db, access.galleryId, [photoId]);
  if (owned === undefined) throw notFound(DELIVERY_MESSAGES.notFound);
  const list = await writableList(ctx, access);
  await lists.saveNote(ctx.db, list, photoId, text);
  await ctx.cache.invalidate(deliveryTag(access.galleryId));
  return { photo_id: photoId, text };
}

/**
 * `POST .../favourites/submit/`: freezes the list (once: 409 after) and e-mails the admins when
 * the studio's alert is on. An empty list is refused.
 */
export async function submitSelection(ctx: AppContext, access: OpenAccess): Promise<{ submitted_at: string; count: number }> {
  const list = await writableList(ctx, access);
  const ids = await repo.favouriteIds(ctx.db, list);
  if (!ids.length) throw new HttpError(400, SELECTION_MESSAGES.empty);
  const at = await lists.claimSubmit(ctx.db, list);
  if (!at) throw new HttpError(409, SELECTION_MESSAGES.submitted);
  const owner = (await lists.visitorById(ctx.db, access.galleryId, list))!;
  const [photos, notes] = await Promise.all([lists.photosOfLists(ctx.db, [list]), lists.notesOf(ctx.db, [list])]);
  const who = owner.email ? `${owner.name} <${owner.email}>` : 'the customer';
  await repo.insertEvent(
    ctx.db,
    access.galleryId,
    'selection-submitted',
    `${who}: ${photos.length} photo${photos.length === 1 ? '' : 's'}`,
  );
  await ctx.cache.invalidate(deliveryTag(access.galleryId), DELIVERY_FAVOURITES_TAG);
  await alertAdmins(
    ctx,
    'selection_submitted',
    submittedMail(
      ctx,
      { id: access.galleryId, title: access.title },
      owner,
      photos.map((p) => p.name),
      notes,
    ),
  );
  return { submitted_at: at.toISOString(), count: photos.length };
}

// The studio's side.

/** `GET .../selections/`: every list of a client gallery with its photos' file names and notes. */
export async function gallerySelections(ctx: AppContext, clientGalleryId: number): Promise<Selection[]> {
  if (!(await repo.galleryAccessById(ctx.db, clientGalleryId))) throw notFound();
  const all = await lists.listsOf(ctx.db, clientGalleryId);
  const ids = all.map((l) => l.id);
  const [photos, notes] = await Promise.all([lists.photosOfLists(ctx.db, ids), lists.notesOf(ctx.db, ids)]);
  return all.map((l) => ({
    id: l.id,
    name: l.name,
    email: l.email,
    submitted_at: l.submittedAt?.toISOString() ?? null,
    photos: photos.filter((p) => p.list === l.id).map((p) => ({ id: p.id, name: p.name })),
    notes: notes.filter((n) => n.list === l.id).map((n) => ({ photo_id: n.photoId, name: n.name, text: n.text })),
  }));
}

/** `POST .../selections/<visitor>/reopen/`: the list may change again (and be submitted again). */
export async function reopenSelection(ctx: AppContext, clientGalleryId: number, visitorId: number): Promise<Selection> {
  const owner = await lists.visitorById(ctx.db, clientGalleryId, visitorId);
  if (!owner) throw notFound();
  await lists.reopen(ctx.db, visitorId);
  await repo.insertEvent(ctx.db, clientGalleryId, 'selection-reopened', owner.email ? `${owner.name} <${owner.email}>` : 'shared list');
  await ctx.cache.invalidate(deliveryTag(clientGalleryId), DELIVERY_FAVOURITES_TAG);
  return (await gallerySelections(ctx, clientGalleryId)).find((s) => s.id === visitorId)!;
}

/** The latest submitted selections of every gallery (the dashboard). */
export async function latestSubmittedSelections(ctx: AppContext, limit: number): Promise<SubmittedSelection[]> {
  return (await lists.latestSubmitted(ctx.db, limit)).map((r) => ({
    client_gallery: r.galleryId,
    title: r.title,
    name: r.name,
    email: r.email,
    count: r.count,
    submitted_at: r.submittedAt.toISOString(),
  }));
}
