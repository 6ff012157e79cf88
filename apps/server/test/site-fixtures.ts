import { expect } from 'vitest';
import { createAccount } from '../src/auth/accounts.repository';
import { makeImage, multipart, photosDerived, type FormValue, type TestApp } from './harness';

/** Text every unpublished or private fixture carries: no /site/ answer or page may contain it. */
export const SECRET = 'HIDDEN7Q';
export const CUSTOMER_EMAIL = 'customer-secret@client.test';
export const TEAM_EMAIL = 'team-secret@studio.test';

export interface SiteFixtures {
  publishedService: number;
  hiddenService: number;
  publishedStory: number;
  hiddenStory: number;
  servicePhotos: number;
}

let seed = 9000;
const img = async (width: number, height: number) => ({
  filename: `site-${seed}.jpg`,
  content: await makeImage({ width, height, seed: seed++ }),
  type: 'image/jpeg',
});

/** Fills a test app through the admin API with published and unpublished content of every area. */
export async function seedSite(t: TestApp): Promise<SiteFixtures> {
  const post = async (url: string, fields: Record<string, FormValue | FormValue[]>, method = 'POST') => {
    const res = await t.as({ method, url, ...(await multipart(fields)) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as { id: number };
  };
  const publish = (base: string, id: number) => post(`${base}${id}/`, { status: 'true' }, 'PATCH');
  const customer = await createAccount(t.database.db, {
    username: 'site-customer',
    passwordHash: 'x',
    firstName: `Carla${SECRET}`,
    lastName: 'Client',
    email: CUSTOMER_EMAIL,
  });

  const services = '/adminportal/manage-services/';
  const publishedService = (
    await post(services, { name: 'Wedding Days', description: 'Whole-day wedding coverage.', cover_image: await img(1200, 800) })
  ).id;
  await publish(services, publishedService);
  const hiddenService = (
    await post(services, { name: `Draft ${SECRET}`, description: `Not ready ${SECRET}`, cover_image: await img(1200, 800) })
  ).id;
  const gallery = '/adminportal/manage-gallery/';
  await post(gallery, {
    service: String(publishedService),
    land_scape_image: [await img(900, 600), await img(600, 900), await img(800, 800)],
  });
  await post(gallery, { service: String(hiddenService), land_scape_image: [await img(900, 600)] });

  const stories = '/adminportal/manage-love-stories/';
  const description = (d: string) =>
    JSON.stringify({ description1: d, description2: 'We met by the lake.', description3: '', description4: '', description5: 'Forever.' });
  const publishedStory = (
    await post(stories, {
      title: 'Anna & Tom',
      user: String(customer.id),
      description: description('A spring wedding.'),
      cover_image: await img(1200, 800),
    })
  ).id;
  await publish(stories, publishedStory);
  const hiddenStory = (
    await post(stories, {
      title: `Secret ${SECRET}`,
      user: String(customer.id),
      description: description(`Hidden ${SECRET}`),
      cover_image: await img(1200, 800),
    })
  ).id;
  await post(gallery, { 'love-story': String(publishedStory), land_scape_image: [await img(900, 600), await img(900, 600)] });
  await post(gallery, { 'love-story': String(hiddenStory), land_scape_image: [await img(900, 600)] });

  const pageImages = '/adminportal/pages-images/';
  await publish(pageImages, (await post(pageImages, { page: '2', image: await img(1600, 900) })).id);
  await publish(pageImages, (await post(pageImages, { page: '5', image: await img(1600, 900) })).id);
  await post(pageImages, { page: '7', image: await img(1600, 900) });

  const carousel = '/adminportal/manage-carousel/';
  await publish(
    carousel,
    (await post(carousel, { header: 'Welcome', title: 'Our studio', message: 'Weddings and portraits', image: await img(1600, 800) })).id,
  );
  await post(carousel, { header: SECRET, title: 'Hidden slide', message: `Not shown ${SECRET}`, image: await img(1600, 800) });

  const home = '/adminportal/home-gallery-image/';
  await publish(home, (await post(home, { name: 'Golden hour', cover_image: await img(800, 600) })).id);
  await post(home, { name: `Home ${SECRET}`, cover_image: await img(800, 600) });

  await post('/adminportal/pages/about-content/', {
    header_text: 'About the studio',
    info_text1: 'We have photographed weddings since 2010.',
    info_text2: 'Based by the sea.',
    info_image: await img(800, 600),
    page_image: await img(1600, 900),
  });
  await post('/adminportal/manage-contact-us-info/', {
    email: 'hello@studio.example',
    phone: '+1 555 0142',
    address: '1 Harbour Road, Seaview',
    description: 'Open Monday to Friday',
  });
  await post('/adminportal/pages/contact-us-content/', {
    name: 'hello@studio.example',
    email: 'hello@studio.example',
    phone: '+1 555 0142',
    address: '1 Harbour Road, Seaview',
    description: 'Tell us about your day.',
  });
  await post('/adminportal/pages/the-team/', {
    name: 'Mia Lens',
    email: TEAM_EMAIL,
    phone: '+1 555 0111',
    title: 'Lead photographer',
    cover_image: await img(400, 400),
  });
  await post('/adminportal/pages/service-content/', {
    name: 'What we offer',
    description: 'Every service, start to finish.',
    image: await img(1200, 800),
  });

  // Visitors see a gallery photo once it is derived.
  await photosDerived(t);
  return { publishedService, hiddenService, publishedStory, hiddenStory, servicePhotos: 3 };
}

/** What must never appear on the public site. */
export const FORBIDDEN = [
  SECRET,
  CUSTOMER_EMAIL,
  TEAM_EMAIL,
  'owner@studio.test',
  '/media/o/',
  'originals',
  'password',
  'token',
  'hash',
  '"status"',
  '"user"',
];
