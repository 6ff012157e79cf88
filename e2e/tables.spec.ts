import type { Locator, Page } from '@playwright/test';
import { expect, test, watchPageErrors } from './fixtures';

/**
 * Every column header and the given buttons lie inside the table's box, and nothing scrolls
 * sideways inside it: at 1280 px the Action column was past the right edge.
 */
async function expectAllInside(page: Page, grid: Locator, buttons: Locator[]) {
  const box = (await grid.boundingBox())!;
  const right = box.x + box.width;
  // Sized once the rows are drawn: poll until the widths settle inside the table.
  await expect
    .poll(
      async () =>
        await grid
          .getByRole('columnheader')
          .evaluateAll((cells, edge) => cells.filter((c) => c.getBoundingClientRect().right > edge + 1).map((c) => c.textContent), right),
      { message: 'column headers past the right edge' },
    )
    .toEqual([]);
  const scroller = grid.locator('.MuiDataGrid-virtualScroller');
  const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth, 'the table scrolls sideways').toBeLessThanOrEqual(clientWidth + 1);
  for (const button of buttons) {
    await expect(button).toBeInViewport({ ratio: 1 });
    const b = (await button.boundingBox())!;
    expect(b.x + b.width, 'a row action past the right edge').toBeLessThanOrEqual(right);
  }
  expect(right).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe('tables at 1280 px', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test('User enquiries: every column and the row actions in view; a click or Enter on a row opens it', async ({
    authed: page,
    request,
  }) => {
    const errors = watchPageErrors(page);
    const n = Date.now();
    const enquiry = {
      full_name: `Wilhelmina Longfellow ${n}`,
      email: `wilhelmina.longfellow.${n}@a-rather-long-studio-domain.example.test`,
      message: `${'We would love a long, unhurried session by the sea at golden hour. '.repeat(4)}${n}`,
    };
    expect((await request.post('/site/enquiries/', { data: enquiry })).status()).toBe(201);
    await page.goto('/admin-account/User-enquiries');
    const grid = page.getByRole('grid', { name: 'User enquiries' });
    await page.getByPlaceholder('Enter item to search').fill(String(n));
    const row = grid.getByRole('row').filter({ hasText: enquiry.full_name });
    await expect(row).toHaveCount(1);
    for (const header of ['#', 'Full name', 'Email', 'Message', 'Date Created', 'Action']) {
      await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expectAllInside(page, grid, [
      row.getByRole('button', { name: `View enquiry from ${enquiry.full_name}` }),
      row.getByRole('button', { name: `Delete enquiry from ${enquiry.full_name}` }),
    ]);

    const dialog = page.getByRole('dialog', { name: `Enquiry from ${enquiry.full_name}` });
    await row.getByRole('gridcell').filter({ hasText: 'golden hour' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    // From the keyboard: Enter on a focused cell of the row.
    await row.getByRole('gridcell').filter({ hasText: enquiry.full_name }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Delete is the row's own button: it asks to delete, it does not open the enquiry.
    await row.getByRole('button', { name: `Delete enquiry from ${enquiry.full_name}` }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('Users: Status, Last Login and the actions in view; a click or Enter on a row opens the user', async ({ authed: page, api }) => {
    const errors = watchPageErrors(page);
    const n = Date.now();
    const res = await api.post('/adminportal/manage-users/', {
      data: {
        first_name: 'Maximiliana',
        last_name: 'Wolfeschlegelsteinhausen',
        email: `maximiliana.wolfeschlegelsteinhausen.${n}@a-rather-long-studio-domain.example.test`,
        username: `wide_${n}`,
        phone: '+351 912 345 678 90',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await page.goto('/admin-account/Manage-users');
    const grid = page.getByRole('grid', { name: 'Users' });
    await page.getByPlaceholder('Enter item to search').fill(`wide_${n}`);
    const row = grid.getByRole('row').filter({ hasText: `wide_${n}` });
    await expect(row).toHaveCount(1);
    for (const header of ['First name', 'Email Address', 'Phone', 'Status', 'Last Login', 'Action']) {
      await expect(grid.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expectAllInside(page, grid, [
      row.getByRole('button', { name: 'View Maximiliana Wolfeschlegelsteinhausen' }),
      row.getByRole('button', { name: 'Delete Maximiliana Wolfeschlegelsteinhausen' }),
    ]);

    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    await row
      .getByRole('gridcell')
      .filter({ hasText: `wide_${n}` })
      .click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await row.getByRole('gridcell', { name: 'Maximiliana', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    expect(errors).toEqual([]);
  });
});
