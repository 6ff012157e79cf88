import yauzl from 'yauzl';
import type { APIRequestContext } from '@playwright/test';
import type { ClientGallery } from '@darkroom/contracts';
import { expect, photosReady } from './fixtures';
import { createCustomer, jpeg, uniqueTitle } from './story-helpers';

/**
 * A new customer's client gallery of `count` real photos (`photoSize`, default 1200x800) and a
 * cover, made and published through the admin API as the portal does, once its photos are
 * derived. Each spec sets its own delivery options afterwards.
 */
export async function clientGalleryWithPhotos(
  api: APIRequestContext,
  opts: { customer: string; title: string; count: number; seed: number; photoSize?: [number, number] },
) {
  const customer = await createCustomer(api, opts.customer);
  const title = uniqueTitle(opts.title);
  const created = await api.post('/adminportal/manage-client-galleries/', {
    multipart: { title, user: String(customer.id), status: 'true', cover_image: await jpeg(opts.seed, 1600, 1000) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const gallery = (await created.json()) as ClientGallery;
  const photos = await Promise.all(Array.from({ length: opts.count }, (_, i) => jpeg(opts.seed + 1 + i, ...(opts.photoSize ?? []))));
  const upload = new FormData();
  upload.append('client-gallery', String(gallery.id));
  for (const p of photos) upload.append('land_scape_image', new Blob([new Uint8Array(p.buffer)], { type: p.mimeType }), p.name);
  const uploaded = await api.fetch('/adminportal/manage-gallery/', { method: 'POST', multipart: upload });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await photosReady(api, 'client-gallery', gallery.id);
  return { customer, gallery, title, names: photos.map((p) => p.name) };
}

/** The token in a delivery link (`/g/<token>/`, with or without the origin). */
export const deliveryToken = (url: string) => /\/g\/([A-Za-z0-9_-]+)\/$/.exec(url)![1]!;

/** The names of a downloaded zip's entries, read with a zip library. */
export function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
