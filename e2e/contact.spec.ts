import { COMMON_MESSAGES, CONTACT_MESSAGES } from '@darkroom/contracts';
import type { Page } from '@playwright/test';
import { expect, test, watchPageErrors } from './fixtures';
import { image, notice, shortId } from './site-content-helpers';

const INFO_PAGE = '/admin-account/Contact-us-info';
const CONTENT = '/adminportal/pages/contact-us-content/';
const DIALOG = 'Manage Contact Informations';
const US_DIALOG = 'Manage Contact-us Page';

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('contact information', () => {
  test('create with validation, search, edit and delete; each change survives a reload', async ({ authed: page }) => {
    test.setTimeout(180_000);
    const errors = watchPageErrors(page);
    const email = `desk-${shortId()}@studio.test`;
    await page.goto(INFO_PAGE);
    await expect(page.getByRole('heading', { name: 'Contact-us Info' })).toBeVisible();
    for (const header of ['#', 'Email', 'Phone', 'Address', 'Other information', 'Date Created']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    // Validation on blur and on submit, with the spec's messages.
    await page.getByRole('button', { name: 'Add contact information' }).click();
    const dialog = page.getByRole('dialog', { name: DIALOG });
    await dialog.getByLabel('Email').focus();
    await dialog.getByLabel('Phone').focus();
    await expect(dialog.getByText(CONTACT_MESSAGES.emailRequired, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText(CONTACT_MESSAGES.phoneRequired, { exact: true })).toBeVisible();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Email').blur();
    await expect(dialog.getByText(CONTACT_MESSAGES.emailInvalid)).toBeVisible();

    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+44 20 7946 0001');
    await dialog.getByLabel('Address').fill('1 Lens Street, Brighton');
    await dialog.getByLabel('Other information').fill('Open on weekdays');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notice(page, CONTACT_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, email)).toContainText('+44 20 7946 0001');

    await page.reload();
    const row = rowOf(page, email);
    await expect(row).toContainText('1 Lens Street, Brighton');
    await expect(row).toContainText('Open on weekdays');
    await expect(row.getByRole('gridcell').nth(5)).toHaveText(/\d{4}/);

    // Search narrows the table to the matching row.
    await page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill(email);
    await expect(page.getByRole('row').filter({ has: page.getByRole('gridcell') })).toHaveCount(1);
    await page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill(`nothing-${shortId()}`);
    await expect(page.getByText(COMMON_MESSAGES.noData)).toBeVisible();
    await page.getByPlaceholder(COMMON_MESSAGES.searchPlaceholder).fill(email);

    // Edit: values come filled in; a server fault shows the generic text; success closes after the message.
    await row.getByRole('button', { name: `Edit ${email}` }).click();
    const edit = page.getByRole('dialog', { name: DIALOG });
    await expect(edit.getByLabel('Email')).toHaveValue(email);
    await expect(edit.getByLabel('Other information')).toHaveValue('Open on weekdays');
    await edit.getByLabel('Phone').fill('');
    await edit.getByLabel('Phone').blur();
    await expect(edit.getByText(CONTACT_MESSAGES.phoneRequired)).toBeVisible();
    await edit.getByLabel('Phone').fill('+44 20 7946 0999');
    await page.route('**/adminportal/manage-contact-us-info/*/', (route) => route.fulfill({ status: 500, json: { detail: 'boom' } }));
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, COMMON_MESSAGES.serverError)).toBeVisible();
    await page.unroute('**/adminportal/manage-contact-us-info/*/');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, CONTACT_MESSAGES.updated)).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });
    await page.reload();
    await expect(rowOf(page, email)).toContainText('+44 20 7946 0999');

    // Delete: cancel first, then confirm.
    await rowOf(page, email)
      .getByRole('button', { name: `Delete ${email}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(rowOf(page, email)).toBeVisible();
    await rowOf(page, email)
      .getByRole('button', { name: `Delete ${email}` })
      .click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notice(page, CONTACT_MESSAGES.deleted)).toBeVisible();
    await expect(rowOf(page, email)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Contact-us Info' })).toBeVisible();
    await expect(rowOf(page, email)).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});

test.describe('contact-us page', () => {
  test('empty state, create, update with a nav image, and the update error rules', async ({ authed: page, api }) => {
    test.setTimeout(180_000);
    const errors = watchPageErrors(page);
    const email = `hello-${shortId()}@studio.test`;

    // Reached from the contact information screen.
    await page.goto(INFO_PAGE);
    await page.getByRole('button', { name: 'Contact-us page' }).click();
    await expect(page).toHaveURL(/\/Contact-us$/);
    await expect(page.getByRole('heading', { name: 'Contact us', exact: true })).toBeVisible();

    // The empty state (forced, so it holds whatever ran before).
    await page.route(`**${CONTENT}`, (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.fallback()));
    await page.reload();
    await expect(page.getByText(CONTACT_MESSAGES.empty)).toBeVisible();
    await page.unroute(`**${CONTENT}`);
    await page.reload();

    const existing = ((await (await api.get(CONTENT)).json()) as unknown[]).length > 0;
    await page.getByRole('button', { name: US_DIALOG }).click();
    const dialog = page.getByRole('dialog', { name: US_DIALOG });
    await dialog.getByLabel('Email').fill('');
    await dialog.getByLabel('Phone').fill('');
    await dialog.getByRole('button', { name: existing ? 'Update' : 'Submit' }).click();
    await expect(dialog.getByText(CONTACT_MESSAGES.emailRequired, { exact: true })).toBeVisible();
    await expect(dialog.getByText(CONTACT_MESSAGES.phoneRequired, { exact: true })).toBeVisible();

    // Create (the nav image is optional).
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+44 20 7946 0002');
    await dialog.getByLabel('Address').fill('2 Shutter Lane');
    await dialog.getByLabel('Description').fill('Write to us any time.');
    await dialog.getByRole('button', { name: existing ? 'Update' : 'Submit' }).click();
    await expect(notice(page, existing ? CONTACT_MESSAGES.updated : CONTACT_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 8000 });
    await page.reload();
    await expect(page.getByRole('link', { name: email })).toBeVisible();
    await expect(page.getByText('+44 20 7946 0002')).toBeVisible();
    await expect(page.getByText('2 Shutter Lane')).toBeVisible();
    await expect(page.getByText('Write to us any time.')).toBeVisible();

    // Update at the spec's path, adding a nav image; the dialog closes after the message.
    await page.getByRole('button', { name: US_DIALOG }).click();
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await dialog.getByLabel('Description').fill('Closed on Sundays.');
    await dialog.locator('input[type=file]').setInputFiles(await image(21, 1600, 900));
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && /\/adminportal\/pages\/contact-content\/\d+\/$/.test(r.url()));
    await dialog.getByRole('button', { name: 'Update' }).click();
    await patch;
    await expect(notice(page, CONTACT_MESSAGES.updated)).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 8000 });
    await page.reload();
    await expect(page.getByText('Closed on Sundays.')).toBeVisible();
    await page.getByRole('button', { name: 'Contact us, view nav image' }).click();
    const preview = page.getByRole('dialog', { name: 'Nav image' });
    await expect(preview.getByRole('img')).toHaveAttribute('src', /\/media\/.+\.webp$/);
    await preview.getByRole('button', { name: 'Close' }).click();

    // The spec's contact-us update error rules.
    const cases: { status: number; json: unknown; message: string }[] = [
      { status: 400, json: { phone: ['x'], description: ['Description is too long'] }, message: 'Description is too long' },
      { status: 400, json: { phone: ['Phone number is required'] }, message: COMMON_MESSAGES.badRequest },
      { status: 500, json: { detail: 'Database unavailable' }, message: 'Database unavailable' },
      { status: 404, json: { detail: 'Not found.' }, message: CONTACT_MESSAGES.updateFailed },
    ];
    await page.getByRole('button', { name: US_DIALOG }).click();
    for (const c of cases) {
      await page.route('**/adminportal/pages/contact-content/*/', (route) => route.fulfill({ status: c.status, json: c.json }));
      await dialog.getByRole('button', { name: 'Update' }).click();
      await expect(notice(page, c.message)).toBeVisible();
      await page.unroute('**/adminportal/pages/contact-content/*/');
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(page.getByText('Closed on Sundays.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('each contact screen says what it feeds and links to the other', async ({ authed: page }) => {
    await page.goto(INFO_PAGE);
    const note = page.getByTestId('feeds-note');
    await expect(note).toContainText('These rows feed the contact details (email, phone, address) the website lists.');
    await note.getByRole('link', { name: 'Contact-us page' }).click();
    await expect(page).toHaveURL(/\/Contact-us$/);
    await expect(page.getByTestId('feeds-note')).toContainText("This record feeds the website's Contact us page");
    await page.getByTestId('feeds-note').getByRole('link', { name: 'Contact-us Info' }).click();
    await expect(page).toHaveURL(/\/Contact-us-info$/);
  });
});
