import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { insertEnquiries } from '../features/enquiries/enquiries.repository';
import { derivationSettled, GalleryUpload } from '../features/galleries/galleries.service';
import { insertPeople } from '../features/people/people.repository';
import { createService, updateService } from '../features/services/services.service';
import { createClientGallery } from '../features/client-galleries/client-galleries.service';
import { carousel } from '../features/carousel/carousel.service';
import { createLoveStory } from '../features/love-stories/love-stories.service';
import { removeSample, writeSamplePhoto } from '../media/sample-photos';
import { spoolDir } from '../media/spool';

/** How big a studio the demo seed makes; the defaults are the scale the benchmarks speak of. */
export interface DemoSizes {
  services: number;
  /** Photos of the one large service gallery. */
  photos: number;
  customers: number;
  enquiries: number;
  clientGalleries: number;
}

export const DEMO_SIZES: DemoSizes = { services: 200, photos: 5000, customers: 2000, enquiries: 10_000, clientGalleries: 40 };

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diogo', 'Eva', 'Filipe', 'Gabriela', 'Hugo', 'Inês', 'João', 'Leonor', 'Miguel', 'Nuno', 'Olga'];
const LAST = ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa', 'Rodrigues', 'Martins', 'Sousa', 'Fernandes', 'Gomes'];
const KINDS = ['Weddings', 'Engagements', 'Portraits', 'Family', 'Newborn', 'Events', 'Elopements', 'Maternity', 'Corporate', 'Pets'];
const PHOTO_SIZE = { width: 640, height: 427 };
/** Photos in each client gallery: enough to try the delivery page, favourites and the zip. */
const CLIENT_GALLERY_PHOTOS = 12;

/**
 * Fills the database and media folder of `ctx` with a studio at scale, through the same services
 * and repositories the API uses (photos go through the real image pipeline); bulk rows (customers,
 * enquiries) are inserted in chunks. Reports progress as it goes.
 */
export async function seedDemoStudio(
  ctx: AppContext,
  sizes: DemoSizes = DEMO_SIZES,
  progress: (line: string) => void = () => undefined,
): Promise<{ serviceIds: number[]; galleryServiceId: number | null; customerIds: number[] }> {
  const dir = path.join(spoolDir(), `seed-${randomBytes(4).toString('hex')}`);
  const photo = async (i: number, size = PHOTO_SIZE) => {
    const f = await writeSamplePhoto(dir, i, size.width, size.height);
    return {
      file: f,
      upload: {
        path: f.path,
        bytes: f.bytes,
        sha256: f.sha256,
        crc32: f.crc32,
        filename: `photo-${i}.jpg`,
        field: 'cover_image',
        mimetype: 'image/jpeg',
      },
    };
  };
  try {
    // A handful of covers serve every service (the same content is stored once).
    const covers = await Promise.all(
      Array.from({ length: Math.min(12, sizes.services) }, (_, i) => photo(1_000_000 + i, { width: 900, height: 600 })),
    );
    const serviceIds: number[] = [];
    for (let i = 0; i < sizes.services; i++) {
      const kind = KINDS[i % KINDS.length]!;
      const name = i < KINDS.length ? kind : `${kind} ${Math.floor(i / KINDS.length) + 1}`;
      const s = await createService(
        ctx,
        { name, description: `${kind}: unhurried, documentary coverage with a few guided portraits.`, description2: '' },
        covers[i % covers.length]!.upload,
      );
      if (i < 30) await updateService(ctx, s.id, { status: true }, undefined);
      serviceIds.push(s.id);
      if ((i + 1) % 50 === 0) progress(`services: ${i + 1}/${sizes.services}`);
    }

    let galleryServiceId: number | null = null;
    if (sizes.photos > 0 && serviceIds.length) {
      galleryServiceId = serviceIds[0]!;
      // Batches of 250: each is one upload, stored in one transaction, as the portal sends them.
      for (let start = 0; start < sizes.photos; start += 250) {
        const upload = new GalleryUpload(ctx, removeSample);
        upload.setParent('service', galleryServiceId);
        for (let i = start; i < Math.min(sizes.photos, start + 250); i++) {
          await upload.waitForRoom();
          const { file } = await photo(i);
          upload.add({ field: 'land_scape_image', filename: `wedding-${String(i + 1).padStart(5, '0')}.jpg`, file });
        }
        await upload.finish();
        progress(`photos: ${Math.min(sizes.photos, start + 250)}/${sizes.photos}`);
      }
    }

    // Customers never sign in: one random, never-told password hash serves them all.
    const unusable = await hashPassword(randomBytes(24).toString('hex'));
    const customerIds = await insertPeople(
      ctx.db,
      'user',
      Array.from({ length: sizes.customers }, (_, i) => {
        const first = FIRST[i % FIRST.length]!;
        const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
        return {
          username: `${first}.${last}.${i}`
            .toLowerCase()
            .normalize('NFKD')
            .replace(/[^a-z0-9.]/g, ''),
          firstName: first,
          lastName: last,
          email: `${first}.${last}.${i}@example.com`
            .toLowerCase()
            .normalize('NFKD')
            .replace(/[^a-z0-9.@]/g, ''),
          phone: `+351 91${String(1_000_000 + i).slice(-7)}`,
          passwordHash: unusable,
        };
      }),
    );
    progress(`customers: ${customerIds.length}`);

    for (let i = 0; i < Math.min(sizes.clientGalleries, customerIds.length); i++) {
      const gallery = await createClientGallery(
        ctx,
        { title: `${FIRST[i % FIRST.length]} & family, ${2025 + (i % 2)}`, user: customerIds[i]!, gallery_link: '', status: true },
        covers[i % covers.length]!.upload,
      );
      // The service gallery's first photos again: the same content, so their stored files are reused.
      const upload = new GalleryUpload(ctx, removeSample);
      upload.setParent('client-gallery', gallery.id);
      for (let n = 0; n < CLIENT_GALLERY_PHOTOS; n++) {
        await upload.waitForRoom();
        const { file } = await photo(n);
        upload.add({ field: 'land_scape_image', filename: `DSC_${String(n + 1).padStart(4, '0')}.jpg`, file });
      }
      await upload.finish();
    }
    progress(`client galleries: ${Math.min(sizes.clientGalleries, customerIds.length)}`);
    // Uploads answer before their photos are derived: the seed works those jobs before it ends.
    await derivationSettled(ctx);
    progress('photos derived');

    // Published, as everything the seed makes: the home page's hero is the carousel's slide.
    await carousel.create(
      ctx,
      { header: 'Weddings', title: 'Your day', message: 'Stories told in light', status: true },
      { imageAssetId: (await photo(1_000_100, { width: 1920, height: 900 })).upload },
    );
    if (customerIds.length) {
      await createLoveStory(
        ctx,
        {
          title: `${FIRST[0]} & ${FIRST[1]}`,
          user: customerIds[0]!,
          status: true,
          seo_title: '',
          seo_description: '',
          description1: 'A spring wedding in the old gardens.',
          description2: '',
          description3: '',
          description4: '',
          description5: '',
        },
        (await photo(1_000_101, { width: 900, height: 600 })).upload,
      );
    }
    progress('carousel slide and love story: published');

    const now = Date.now();
    await insertEnquiries(
      ctx.db,
      Array.from({ length: sizes.enquiries }, (_, i) => ({
        fullName: `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`,
        email: `enquiry${i}@example.com`,
        message: `Hello! We are planning a ${KINDS[i % KINDS.length]!.toLowerCase()} session and would love to know your availability.`,
        timeCreated: new Date(now - i * 3_600_000),
      })),
    );
    progress(`enquiries: ${sizes.enquiries}`);
    return { serviceIds, galleryServiceId, customerIds };
  } finally {
    await removeSample(dir);
  }
}
