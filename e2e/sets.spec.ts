import { SET_MESSAGES, type ClientGallerySet } from '@darkroom/contracts';
import { axeViolations, expect, test, watchPageErrors } from './fixtures';
import { clientGalleryWithPhotos, zipEntries } from './delivery-helpers';
import { notification } from './story-helpers';

/** Sets: the studio makes two and moves photos into them; the customer, on a phone, sees tabs and downloads one set. */

test.describe('sets of a client gallery', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the studio makes two sets and moves photos; the customer sees tabs on a phone and downloads one set', async ({
    authed: page,
    api,
    browser,
    baseURL,
  }) => {
    const errors = watchPageErrors(page);
    const g = await clientGalleryWithPhotos(api, { customer: 'Sets', title: 'Garden wedding', count: 6, seed: 9700 });
    const [p1, p2, p3, p4, p5] = g.names as [string, string, string, string, string, string];

    await page.goto(`/admin-account/ClientGalleries?id=${g.gallery.id}`);
    await expect(page.getByRole('heading', { name: g.title, exact: true })).toBeVisible();
    const photoRow = (name: string) => page.getByRole('row').filter({ hasText: name });
    await expect(photoRow(p1)).toBeVisible();

    // Two sets, made in the dialog; a second "Ceremony" in another case is refused under the field.
    await page.getByRole('button', { name: 'Sets', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sets' });
    for (const name of ['Ceremony', 'Reception']) {
      await dialog.getByLabel('New set').fill(name);
      await dialog.getByRole('button', { name: 'Add set' }).click();
      await expect(dialog.getByTestId('set-row').filter({ hasText: name })).toBeVisible();
    }
    await dialog.getByLabel('New set').fill('ceremony');
    await dialog.getByLabel('New set').press('Enter');
    await expect(dialog.getByText(SET_MESSAGES.nameTaken)).toBeVisible();
    await dialog.getByLabel('New set').fill('');
    // Reorder from the keyboard: Reception up, then first.
    await dialog.getByRole('button', { name: 'Move Reception up' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('set-row').first()).toContainText('Reception');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Three photos into Ceremony: the first checkbox, then a shift-click on the third selects the range.
    await photoRow(p1).getByRole('checkbox').click();
    await photoRow(p3)
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    const move = page.getByRole('button', { name: /^Move to set/ });
    await expect(move).toHaveText('Move to set (3)');
    await move.click();
    await page.getByRole('menuitem', { name: 'Ceremony' }).click();
    await expect(notification(page, SET_MESSAGES.moved)).toBeVisible();
    await expect(move).toHaveText('Move to set');
    for (const name of [p1, p2, p3]) await expect(photoRow(name)).toContainText('Ceremony');
    for (const name of [p4, p5]) await photoRow(name).getByRole('checkbox').check();
    await move.click();
    await page.getByRole('menuitem', { name: 'Reception' }).click();
    await expect(notification(page, SET_MESSAGES.moved)).toBeVisible();
    await expect(photoRow(p5)).toContainText('Reception');

    // The filter shows one set's photos.
    await page.getByLabel('Show').click();
    await page.getByRole('option', { name: 'Reception (2)' }).click();
    await expect(page.getByRole('row').filter({ hasText: /photo-/ })).toHaveCount(2);

    const sets = (await (await api.get(`/adminportal/manage-client-galleries/${g.gallery.id}/sets/`)).json()) as ClientGallerySet[];
    expect(sets.map((s) => [s.name, s.photo_ids.length])).toEqual([
      ['Reception', 2],
      ['Ceremony', 3],
    ]);
    const ceremony = sets[1]!;

    // The customer, on a phone: All, then the sets in the studio's order, as tabs.
    const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const customer = await phone.newPage();
    const customerErrors = watchPageErrors(customer);
    await customer.goto(g.gallery.delivery_url);
    const tabs = customer.getByRole('tablist', { name: 'Sets' }).getByRole('tab');
    await expect(tabs).toHaveText([/^All\s*6$/, /^Reception\s*2$/, /^Ceremony\s*3$/]);
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await expect(customer.getByRole('tabpanel')).toBeVisible();
    expect(await axeViolations(customer)).toEqual([]);

    // Arrow keys move between tabs; Enter opens one (a link: the page of that set).
    await tabs.first().focus();
    await customer.keyboard.press('ArrowRight');
    await customer.keyboard.press('ArrowRight');
    await expect(tabs.nth(2)).toBeFocused();
    await customer.keyboard.press('Enter');
    await expect(customer).toHaveURL(new RegExp(`\\?set=${ceremony.id}$`));
    await expect(customer.getByRole('tab', { name: /^Ceremony/ })).toHaveAttribute('aria-selected', 'true');
    expect(await customer.locator('ul[data-delivery] img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt))).toEqual([
      p1,
      p2,
      p3,
    ]);
    expect(await customer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    expect(await axeViolations(customer)).toEqual([]);

    const download = customer.waitForEvent('download');
    await customer.getByRole('link', { name: 'Download Ceremony' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${g.title} - Ceremony.zip`);
    expect((await zipEntries(await file.path())).sort()).toEqual([p1, p2, p3].sort());

    // Deleting a set (asked first) keeps its photos: the customer's tab goes, All still has six.
    await page.getByRole('button', { name: /^Sets/ }).click();
    await dialog.getByRole('button', { name: 'Delete Reception' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the set “Reception”?' });
    await expect(confirm).toContainText('stay in the gallery');
    await confirm.getByRole('button', { name: 'Delete set' }).click();
    await expect(notification(page, SET_MESSAGES.deleted)).toBeVisible();
    await customer.goto(g.gallery.delivery_url);
    await expect(tabs).toHaveText([/^All\s*6$/, /^Ceremony\s*3$/]);

    await phone.close();
    expect(errors).toEqual([]);
    expect(customerErrors).toEqual([]);
  });
});
