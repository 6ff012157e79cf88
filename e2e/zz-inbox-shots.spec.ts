import sharp from 'sharp';
import { test } from './fixtures';

test('inbox screenshots', async ({ authed: page, api, request }) => {
  const img = async (w: number, h: number, c: number[], name: string) => ({ name, mimeType: 'image/jpeg', buffer: await sharp({ create: { width: w, height: h, channels: 3, background: { r: c[0]!, g: c[1]!, b: c[2]! } } }).jpeg().toBuffer() });
  for (const d of [
    { full_name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hello! We are getting married next June in Lisbon and would love to know your availability and packages.' },
    { full_name: 'Grace Hopper', email: 'grace@example.com', message: 'Family portrait session for four, possibly outdoors.' },
  ]) await request.post('/site/enquiries/', { data: d });
  for (const f of ['Ann', 'Bob', 'Cy']) await api.post('/adminportal/manage-admins/', { data: { first_name: f, last_name: 'Mailer', email: `${f.toLowerCase()}@studio.test`, username: f.toLowerCase(), phone: '+1 555 0101' } });
  const p = await (await api.post('/adminportal/pages-images/', { multipart: { page: '2', image: await img(1600, 900, [120, 80, 60], 'h.jpg') } })).json();
  await api.patch(`/adminportal/pages-images/${p.id}/`, { multipart: { status: 'true' } });
  for (const [i, t] of ['Love', 'Light'].entries()) {
    const c = await (await api.post('/adminportal/manage-carousel/', { multipart: { header: 'Weddings', title: t, message: 'Moments that last forever', image: await img(1400, 700, [40 + i * 80, 90, 140], `c${i}.jpg`) } })).json();
    await api.patch(`/adminportal/manage-carousel/${c.id}/`, { multipart: { status: 'true' } });
  }
  for (let i = 0; i < 5; i++) {
    const g = await (await api.post('/adminportal/home-gallery-image/', { multipart: { name: `Photo ${i}`, cover_image: await img(800, 600, [200 - i * 30, 100 + i * 20, 80], `g${i}.jpg`) } })).json();
    if (i < 4) await api.patch(`/adminportal/home-gallery-image/${g.id}/`, { multipart: { status: 'true' } });
  }
  await page.goto('/admin-account/User-enquiries');
  await page.getByText('Ada Lovelace').waitFor();
  await page.screenshot({ path: '/tmp/inbox-enquiries.png' });
  await page.goto('/admin-account/Manage-emails');
  await page.getByText('ann@studio.test').first().waitFor();
  await page.getByRole('button', { name: 'Send Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Email' });
  await dialog.getByRole('combobox', { name: 'Recipients' }).click();
  await page.getByRole('option').nth(1).click();
  await page.screenshot({ path: '/tmp/inbox-emails-dialog.png' });
  await page.keyboard.press('Escape');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Hello team');
  await dialog.getByRole('textbox', { name: 'Body' }).fill('Meeting on Friday');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('button', { name: 'Close' }).waitFor();
  await page.screenshot({ path: '/tmp/inbox-emails-outcome.png' });
  await page.getByRole('button', { name: 'Close' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/inbox-emails.png', fullPage: true });
  await page.goto('/admin-account/Services');
  await page.getByText('No service page content yet').waitFor();
  await page.screenshot({ path: '/tmp/inbox-services-empty.png' });
  await page.getByRole('button', { name: 'Create service page' }).first().click();
  const sd = page.getByRole('dialog', { name: 'Create service page' });
  await sd.getByLabel('Name').fill('Our services');
  await sd.getByLabel('Description').fill('Weddings, portraits and events across the country.\n\nWe travel anywhere.');
  await sd.getByLabel('Service page image').setInputFiles(await img(1600, 900, [60, 110, 150], 's.jpg'));
  await page.screenshot({ path: '/tmp/inbox-services-dialog.png' });
  await sd.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('article').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/inbox-services.png', fullPage: true });
  await page.goto('/admin-account/Home');
  await page.getByRole('img', { name: 'Home page image' }).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/inbox-home.png', fullPage: true });
});
