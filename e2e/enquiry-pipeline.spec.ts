import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { COMMON_MESSAGES, ENQUIRY_MESSAGES, slugOf, type Enquiry, type EnquiryPage } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import { image, notice, shortId } from './site-content-helpers';

async function axe(page: Page, include?: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A published service to ask about; its site path. */
async function publishedService(api: APIRequestContext, name: string): Promise<{ id: number; path: string }> {
  const res = await api.post('/adminportal/manage-services/', {
    multipart: { name, description: `${name}, all day.`, cover_image: await image(91, 1200, 800) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const publish = await api.patch(`/adminportal/manage-services/${id}/`, { multipart: { status: 'true' } });
  expect(publish.status(), await publish.text()).toBe(200);
  return { id, path: `/services/${slugOf(id, name)}/` };
}

async function enquiryOf(api: APIRequestContext, email: string): Promise<Enquiry> {
  const list = ((await (await api.get('/adminportal/user-enqueries/?page_size=100')).json()) as EnquiryPage).items;
  const found = list.find((e) => e.email === email);
  expect(found, `enquiry from ${email}`).toBeTruthy();
  return found!;
}

for (const width of [375, 1280]) {
  test.describe(`a qualified enquiry at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 740 : 900 } });

    test('with JavaScript: the service is preselected, refusals are brought into view and focused', async ({ page, api }) => {
      const errors = watchPageErrors(page);
      const n = shortId();
      const service = await publishedService(api, `Weddings ${n}`);
      await page.goto(service.path);
      await page.getByRole('link', { name: `Ask about Weddings ${n}` }).click();
      await expect(page).toHaveURL(new RegExp(`/contact/\\?service=${service.id}#enquiry$`));
      await expect(page.getByLabel('Service')).toHaveValue(String(service.id));
      await expect(page.getByText('We use your details only to answer your enquiry')).toBeVisible();
      expect(await axe(page)).toEqual([]);

      await page.getByLabel('Full name').fill(`Jade ${n}`);
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Message').fill('Is 14 June free?');
      await page.getByRole('button', { name: 'Send enquiry' }).click();
      await expect(page.getByText(ENQUIRY_MESSAGES.emailInvalid)).toBeVisible();
      await expect(page.getByLabel('Email')).toBeFocused();
      await expect(page.getByLabel('Email')).toBeInViewport();

      // A refusal for the whole form (the hourly limit) is brought into view and focused too.
      const refusal = `${ENQUIRY_MESSAGES.tooMany} Please e-mail hello@studio.test or call +44 20 7946 0000.`;
      await page.route('**/site/enquiries/', (route) => route.fulfill({ status: 429, json: { detail: refusal } }));
      await page.getByLabel('Email').fill(`jade-${n}@example.com`);
      await page.getByRole('button', { name: 'Send enquiry' }).click();
      const failure = page.getByRole('alert').filter({ hasText: ENQUIRY_MESSAGES.tooMany });
      await expect(failure).toBeFocused();
      await expect(failure).toBeInViewport();
      await page.unroute('**/site/enquiries/');

      await page.getByLabel('Event date').fill('2031-06-14');
      await page.getByLabel('Venue or location').fill('Lakeside Hall');
      await page.getByLabel('Phone').fill('+44 7700 900123');
      await page.getByRole('button', { name: 'Send enquiry' }).click();
      const thanks = page.getByRole('status').filter({ hasText: 'Thank you' });
      await expect(thanks).toBeFocused();
      await expect(thanks).toBeInViewport();
      expect(await enquiryOf(api, `jade-${n}@example.com`)).toMatchObject({
        event_date: '2031-06-14',
        venue: 'Lakeside Hall',
        service: service.id,
        service_name: `Weddings ${n}`,
        phone: '+44 7700 900123',
        status: 'new',
      });
      expect(errors).toEqual([]);
    });

    test('without JavaScript: the error page is styled, focuses the first wrong field, then thanks', async ({ browser, baseURL, api }) => {
      const n = shortId();
      const service = await publishedService(api, `Portraits ${n}`);
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width, height: 740 } });
      const page = await context.newPage();
      await page.goto(`/contact/?service=${service.id}`);
      await expect(page.getByLabel('Service')).toHaveValue(String(service.id));
      await page.getByLabel('Full name').fill(`Nils ${n}`);
      await page.getByLabel('Email').fill('nils@');
      await page.getByLabel('Event date').fill('2031-09-01');
      await page.getByLabel('Message').fill('A family portrait in the autumn?');
      await page.getByRole('button', { name: 'Send enquiry' }).click();
      await expect(page.getByText(ENQUIRY_MESSAGES.emailInvalid)).toBeVisible();
      // The page's styles apply (its policy lets them load): the honeypot is off-screen, the button dark.
      expect(await page.locator('.hp').evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
      await expect(page.getByLabel('Leave this field empty')).not.toBeInViewport();
      await expect(page.getByLabel('Email')).toBeFocused();
      await expect(page.getByLabel('Email')).toBeInViewport();
      // What was typed is kept, the chosen service too.
      await expect(page.getByLabel('Event date')).toHaveValue('2031-09-01');
      await expect(page.getByLabel('Service')).toHaveValue(String(service.id));
      await page.getByLabel('Email').fill(`nils-${n}@example.com`);
      await page.getByRole('button', { name: 'Send enquiry' }).click();
      await expect(page).toHaveURL(/\/contact\/\?sent=1#enquiry$/);
      await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
      await context.close();
      expect(await enquiryOf(api, `nils-${n}@example.com`)).toMatchObject({ event_date: '2031-09-01', service: service.id });
    });
  });
}

test.describe('the enquiry pipeline in the portal', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('settings pick the questions; an enquiry is filtered, opened, replied to, booked and converted', async ({
    authed: page,
    api,
    request,
  }) => {
    test.setTimeout(120_000);
    const errors = watchPageErrors(page);
    const n = shortId();

    // Site settings: ask the budget and how they heard of the studio, and acknowledge each enquiry.
    await page.goto('/admin-account/Site-settings');
    await page.getByLabel('Budget').click();
    await page.getByRole('option', { name: 'Optional' }).click();
    await page.getByLabel('How did you hear about us?').click();
    await page.getByRole('option', { name: 'Optional' }).click();
    await page.getByLabel('E-mail each visitor who sends an enquiry').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(notice(page, 'Site settings successfully updated')).toBeVisible();
    const contact = await request.get('/contact/', { headers: { accept: 'text/html' } });
    expect(await contact.text()).toContain('How did you hear about us?');

    const email = `lena-${n}@example.com`;
    const sent = await request.post('/site/enquiries/', {
      data: {
        full_name: `Lena ${n}`,
        email,
        message: 'A winter wedding?',
        event_date: '2031-12-20',
        budget: '£3,000',
        heard_from: 'A friend',
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    expect((await enquiryOf(api, email)).acknowledged).toBe(true);

    await page.goto('/admin-account/User-enquiries');
    await expect(page.getByRole('heading', { name: 'User enquiries' })).toBeVisible();
    for (const header of ['Full name', 'Email', 'Status', 'Event date', 'Service', 'Date Created']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    // Filters: status New and the event's month find it; Booked does not.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'New' }).click();
    await page.getByLabel('From', { exact: true }).fill('2031-12-01');
    await page.getByLabel('To', { exact: true }).fill('2031-12-31');
    const row = page.getByRole('row').filter({ hasText: `Lena ${n}` });
    await expect(row).toContainText('New');
    await expect(row).toContainText('2031');
    // Every action of the row is on screen at 1280 px.
    await expect(row.getByRole('button', { name: `View enquiry from Lena ${n}` })).toBeInViewport();
    await expect(row.getByRole('button', { name: `Delete enquiry from Lena ${n}` })).toBeInViewport();
    expect(await axe(page)).toEqual([]);

    // A click on the row opens it.
    await row
      .getByRole('gridcell')
      .filter({ hasText: `Lena ${n}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Enquiry from Lena ${n}` });
    await expect(dialog).toContainText('£3,000');
    await expect(dialog).toContainText('A friend');
    await expect(dialog).toContainText('acknowledgement sent');
    expect(await axe(page, '[role=dialog]')).toEqual([]);

    await dialog.getByRole('textbox', { name: /^Reply/ }).fill('We are free on the 20th. Shall we talk?');
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(notice(page, ENQUIRY_MESSAGES.replyQueued)).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Replies sent' })).toContainText('We are free on the 20th.');
    await expect(dialog.getByRole('heading').first()).toContainText('Replied');

    await dialog.getByLabel('Notes').fill('Call back on Friday.');
    await dialog.getByRole('button', { name: 'Save notes' }).click();
    await expect(notice(page, ENQUIRY_MESSAGES.updated)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Booked' }).click();
    await expect(dialog.getByRole('heading').first()).toContainText('Booked');

    await dialog.getByRole('button', { name: 'Convert to customer' }).click();
    const convert = page.getByRole('dialog', { name: 'Convert to customer' });
    await expect(convert.getByLabel('First name')).toHaveValue('Lena');
    await expect(convert.getByLabel('Email')).toHaveValue(email);
    await convert.getByLabel('Phone').fill('+44 7700 900456');
    await convert.getByLabel('Username').fill(`lena-${n}`);
    await convert.getByRole('button', { name: 'Create customer' }).click();
    await expect(notice(page, ENQUIRY_MESSAGES.converted)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Open client galleries' })).toBeVisible();

    const stored = await enquiryOf(api, email);
    expect(stored).toMatchObject({
      status: 'booked',
      notes: 'Call back on Friday.',
      customer: expect.any(Number),
      client_gallery: expect.any(Number),
    });
    expect(stored.replies).toHaveLength(1);
    await dialog.getByRole('link', { name: 'Open users' }).click();
    await page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill(`lena-${n}`);
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `lena-${n}` })
        .first(),
    ).toBeVisible();
    expect(errors).toEqual([]);

    // Leave the studio's settings as they were for other tests.
    await page.goto('/admin-account/Site-settings');
    await page.getByLabel('E-mail each visitor who sends an enquiry').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(notice(page, 'Site settings successfully updated')).toBeVisible();
  });
});
