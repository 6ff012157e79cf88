import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, makeImage, multipart, type FormValue, type TestApp } from '../../test/harness';

/** Each ordered area: its admin list, how to add a published record, and the website's list. */
interface Area {
  name: string;
  /** The activity log's area. */
  tag: string;
  base: string;
  site: string;
  /** The rendered page that shows the area, and the text each record shows there. */
  page: string;
  fields: (n: number) => Record<string, FormValue>;
  file: string;
  size: { width: number; height: number };
  label: (n: number) => string;
}

const AREAS: Area[] = [
  {
    name: 'services',
    tag: 'services',
    base: '/adminportal/manage-services/',
    site: '/site/services/',
    page: '/services/',
    fields: (n) => ({ name: `Service ${n}`, description: 'Coverage', status: 'true' }),
    file: 'cover_image',
    size: { width: 1200, height: 800 },
    label: (n) => `Service ${n}`,
  },
  {
    name: 'home gallery',
    tag: 'home-gallery',
    base: '/adminportal/home-gallery-image/',
    site: '/site/home-gallery/',
    page: '/',
    fields: (n) => ({ name: `gallery-${n}.jpg`, status: 'true' }),
    file: 'cover_image',
    size: { width: 800, height: 600 },
    label: (n) => `gallery-${n}.jpg`,
  },
  {
    name: 'carousel',
    tag: 'carousel',
    base: '/adminportal/manage-carousel/',
    site: '/site/carousel/',
    page: '/',
    fields: (n) => ({ header: `Slide ${n}`, title: `Title ${n}`, message: 'Hello' }),
    file: 'image',
    size: { width: 1600, height: 900 },
    label: (n) => `Title ${n}`,
  },
  {
    name: 'team',
    tag: 'team',
    base: '/adminportal/pages/the-team/',
    site: '/site/team/',
    page: '/about/',
    fields: (n) => ({ name: `Member ${n}`, email: `m${n}@studio.test`, phone: '+1 555 0101', title: 'Photographer' }),
    file: 'cover_image',
    size: { width: 600, height: 600 },
    label: (n) => `Member ${n}`,
  },
];

describeEachDatabase('record order', (kind) => {
  let t: TestApp;
  let seed = 900;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  for (const area of AREAS) {
    describe(area.name, () => {
      const numbers = new Map<number, number>();
      const create = async (n: number) => {
        const image = { filename: `f${n}.jpg`, content: await makeImage({ ...area.size, seed: seed++ }), type: 'image/jpeg' };
        const res = await t.as({ method: 'POST', url: area.base, ...(await multipart({ ...area.fields(n), [area.file]: image })) });
        expect(res.statusCode, res.body).toBe(201);
        const { id } = res.json() as { id: number };
        // Carousel slides are created unpublished: publish them for the website.
        if (area.name === 'carousel') {
          const pub = await t.as({ method: 'PATCH', url: `${area.base}${id}/`, payload: { status: true } });
          expect(pub.statusCode, pub.body).toBe(200);
        }
        numbers.set(id, n);
        return id;
      };
      const adminIds = async () => ((await t.as({ method: 'GET', url: area.base })).json() as { id: number }[]).map((r) => r.id);
      const siteIds = async () => ((await t.app.inject({ method: 'GET', url: area.site })).json() as { id: number }[]).map((r) => r.id);
      const order = (ids: unknown) => t.as({ method: 'PUT', url: `${area.base}order/`, payload: { ids } });
      /** Where each record's text first appears in the rendered page, in the given order. */
      const pagePositions = async (ids: number[]) => {
        const html = (await t.app.inject({ method: 'GET', url: area.page })).body;
        return ids.map((id) => html.indexOf(area.label(numbers.get(id)!)));
      };
      let ids: number[] = [];

      it('lists new records last, on the portal and the website', async () => {
        ids = [await create(1), await create(2), await create(3)];
        expect(await adminIds()).toEqual(ids);
        expect(await siteIds()).toEqual(ids);
      });

      it('saves a new order, which the portal, the website and its page follow at once', async () => {
        // Read first, so a stale cached copy would show if the order did not drop it.
        expect(await siteIds()).toEqual(ids);
        const reordered = [ids[2]!, ids[0]!, ids[1]!];
        const res = await order(reordered);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ ids: reordered });
        expect(await adminIds()).toEqual(reordered);
        expect(await siteIds()).toEqual(reordered);
        const at = await pagePositions(reordered);
        expect(at.every((i) => i >= 0)).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);
        ids = reordered;
      });

      it('puts a record created after a reorder last', async () => {
        const fourth = await create(4);
        ids = [...ids, fourth];
        expect(await adminIds()).toEqual(ids);
        expect(await siteIds()).toEqual(ids);
      });

      it('refuses an order that leaves out, repeats or invents a record, and keeps the old one', async () => {
        const cases: [unknown, string][] = [
          [ids.slice(1), ORDER_MESSAGES.missing([ids[0]!].sort((a, b) => a - b))],
          [[...ids, ids[0]!], ORDER_MESSAGES.repeated([ids[0]!])],
          [[...ids, 987654], ORDER_MESSAGES.unknown([987654])],
          [[...ids.slice(1), 987654], ORDER_MESSAGES.unknown([987654])],
          ['1,2,3', ORDER_MESSAGES.idsRequired],
          [[ids[0], 'x'], ORDER_MESSAGES.idsRequired],
          [[0, ...ids], ORDER_MESSAGES.idsRequired],
        ];
        for (const [body, message] of cases) {
          const res = await order(body);
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(res.json().ids).toContain(message);
        }
        expect((await t.as({ method: 'PUT', url: `${area.base}order/`, payload: {} })).json()).toHaveProperty('ids');
        expect(await adminIds()).toEqual(ids);
      });

      it('is for admins only', async () => {
        const res = await t.app.inject({ method: 'PUT', url: `${area.base}order/`, payload: { ids: [...ids].reverse() } });
        expect(res.statusCode).toBe(401);
        expect(await adminIds()).toEqual(ids);
      });

      it('logs the reorder in the activity log', async () => {
        const res = await t.as({ method: 'GET', url: '/adminportal/activity/?limit=50' });
        expect(res.statusCode, res.body).toBe(200);
        const entries = res.json() as { action: string; area: string }[];
        expect(entries.some((e) => e.action === 'reorder' && e.area === area.tag)).toBe(true);
      });
    });
  }
});
