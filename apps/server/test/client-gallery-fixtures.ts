import { expect } from 'vitest';
import type { ClientGallery, GalleryUploadResponse } from '@darkroom/contracts';
import { makeImage, multipart, type TestApp } from './harness';

/** The admin's client galleries. */
export const CLIENT_GALLERIES = '/adminportal/manage-client-galleries/';

/** The token in a client gallery's delivery link (`/g/<token>/`). */
export const deliveryToken = (g: Pick<ClientGallery, 'delivery_url'>): string => /^\/g\/([A-Za-z0-9_-]+)\/$/.exec(g.delivery_url)![1]!;

/** A customer's client gallery with a cover, made through the admin API as the portal makes it. */
export async function createClientGallery(
  t: TestApp,
  opts: { title: string; customerId: number; coverSeed: number },
): Promise<{ gallery: ClientGallery; token: string }> {
  const cover = { filename: 'cover.jpg', content: await makeImage({ seed: opts.coverSeed }), type: 'image/jpeg' };
  const body = await multipart({ title: opts.title, user: opts.customerId, cover_image: cover, status: true });
  const res = await t.as({ method: 'POST', url: CLIENT_GALLERIES, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  const gallery = res.json() as ClientGallery;
  return { gallery, token: deliveryToken(gallery) };
}

/** Photos uploaded to a client gallery in one request, as the portal sends them; their ids in that order. */
export async function uploadClientPhotos(t: TestApp, galleryId: number, files: { filename: string; content: Buffer }[]): Promise<number[]> {
  const body = await multipart({
    'client-gallery': galleryId,
    land_scape_image: files.map((f) => ({ ...f, type: 'image/jpeg' })),
  });
  const res = await t.as({ method: 'POST', url: '/adminportal/manage-gallery/', payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as GalleryUploadResponse).stored.map((p) => p.id);
}
