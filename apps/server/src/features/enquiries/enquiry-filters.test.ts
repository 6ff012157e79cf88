import { afterAll, beforeAll, expect, it } from 'vitest';
import { ENQUIRY_FILTER_MESSAGES, ENQUIRY_MESSAGES, type EnquiryPage } from '@darkroom/contracts';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/harness';
import { enquiries } from '../../db/schema';

const URL = '/adminportal/user-enqueries/';

describeEachDatabase('enquiry filters on the server', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Received on consecutive days (UTC), some with an event date; statuses vary.
    const rows = [
      { fullName: 'Ada', status: 'new', eventDate: '2027-06-12', timeCreated: new Date('2026-11-01T23:59:59Z') },
      { fullName: 'Ben', status: 'booked', eventDate: '2027-06-13', timeCreated: new Date('2026-11-02T00:00:00Z') },
      { fullName: 'Cleo', status: 'booked', eventDate: null, timeCreated: new Date('2026-11-03T10:00:00Z') },
      { fullName: 'Dan', status: 'lost', eventDate: '2027-07-01', timeCreated: new Date('2026-11-04T10:00:00Z') },
      { fullName: 'Eve', status: 'new', eventDate: '2027-06-14', timeCreated: new Date('2026-11-05T10:00:00Z') },
    ];
    await t.database.db
      .insert(enquiries)
      .values(rows.map((r) => ({ ...r, email: `${r.fullName.toLowerCase()}@example.com`, message: 'Hi' })));
  });
  afterAll(() => t.close());

  const get = async (query: string) => {
    const res = await t.as({ method: 'GET', url: `${URL}${query}` });
    return { status: res.statusCode, body: res.json() as EnquiryPage & Record<string, string[]> };
  };
  const names = async (query: string) => {
    const res = await get(query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.items.map((e) => e.full_name);
  };

  it('lists every enquiry newest first, a page at a time', async () => {
    const first = await get('');
    expect(first.body).toMatchObject({ page: 1, pages: 1, total: 5, next: null });
    expect(first.body.items.map((e) => e.full_name)).toEqual(['Eve', 'Dan', 'Cleo', 'Ben', 'Ada']);
    const paged = await get('?page_size=2&status=new&page=1');
    expect(paged.body).toMatchObject({ page: 1, pages: 1, total: 2, next: null });
    const two = await get('?page_size=2');
    expect(two.body).toMatchObject({ page: 1, pages: 3, total: 5 });
    expect(two.body.items.map((e) => e.full_name)).toEqual(['Eve', 'Dan']);
    expect(await names(two.body.next!.slice(URL.length))).toEqual(['Cleo', 'Ben']);
    expect(await names('?page_size=2&page=3')).toEqual(['Ada']);
    // Past the end: an empty page that still says how many there are.
    expect((await get('?page_size=2&page=4')).body).toMatchObject({ items: [], pages: 3, total: 5 });
  });

  it('filters by status, and by event date or received day, inclusive', async () => {
    expect(await names('?status=booked')).toEqual(['Cleo', 'Ben']);
    expect(await names('?from=2027-06-13&to=2027-06-14')).toEqual(['Eve', 'Ben']);
    // Without an event date an enquiry is not in an event-date range.
    expect(await names('?date=event&from=2027-01-01')).toEqual(['Eve', 'Dan', 'Ben', 'Ada']);
    expect(await names('?date=received&from=2026-11-02&to=2026-11-03')).toEqual(['Cleo', 'Ben']);
    expect(await names('?date=received&to=2026-11-01')).toEqual(['Ada']);
    expect(await names('?status=booked&date=received&from=2026-11-03')).toEqual(['Cleo']);
    // Sent empty (a plain form's blanks): no filter.
    expect(await names('?status=&from=&to=')).toHaveLength(5);
    const next = (await get('?status=new&date=received&from=2026-11-01&page_size=1')).body.next;
    expect(next).toBe(`${URL}?status=new&date=received&from=2026-11-01&page=2&page_size=1`);
    expect(await names(next!.slice(URL.length))).toEqual(['Ada']);
  });

  it('refuses bad filters with field messages', async () => {
    const bad = await get('?status=won&date=sent&from=2026-02-30&to=yesterday&page=0&page_size=500');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      status: [ENQUIRY_MESSAGES.statusInvalid],
      date: [ENQUIRY_FILTER_MESSAGES.dateFieldInvalid],
      from: [ENQUIRY_FILTER_MESSAGES.dateInvalid],
      to: [ENQUIRY_FILTER_MESSAGES.dateInvalid],
      page: [ENQUIRY_FILTER_MESSAGES.pageInvalid],
      page_size: [ENQUIRY_FILTER_MESSAGES.pageSizeInvalid],
    });
    const reversed = await get('?from=2026-11-05&to=2026-11-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body).toEqual({ to: [ENQUIRY_FILTER_MESSAGES.toBeforeFrom] });
  });

  it('keeps the list behind a token, and shows a change at once (the answer is cached)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${URL}?status=new` })).statusCode).toBe(401);
    const [eve] = (await get('?status=new')).body.items;
    expect((await t.as({ method: 'PATCH', url: `${URL}${eve!.id}/`, payload: { status: 'booked' } })).statusCode).toBe(200);
    expect(await names('?status=new')).toEqual(['Ada']);
    expect(await names('?status=booked')).toEqual(['Eve', 'Cleo', 'Ben']);
  });
});
