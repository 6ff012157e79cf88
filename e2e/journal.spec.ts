import { BLOG_MESSAGES } from '@darkroom/contracts';
import { jpeg, notification } from './story-helpers';
import { expect, noAxeViolations, test, watchPageErrors } from './fixtures';

/** The journal: an admin writes and publishes a post with photos in the portal; a visitor reads it. */

let seed = 9100;

for (const width of [375, 1280]) {
  test(`write and publish a post with a photo grid, then read it on the site (${width} px)`, async ({ authed: page }) => {
    const errors = watchPageErrors(page);
    // Written at 1280 px, read at both widths. The linked paragraph once lost at 375 px when the
    // grid went in (a selection replaced) is journal-photos.spec.ts's test.
    await page.setViewportSize({ width: 1280, height: 900 });
    const title = `Lakeside wedding ${width} ${Date.now().toString(36)}`;
    await page.goto('/admin-account/Blog');
    await page.getByRole('button', { name: 'New post' }).click();
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await expect(page.getByLabel('Slug')).toHaveValue(title.toLowerCase().replace(/ /g, '-'));
    await page.getByLabel('Excerpt').fill('A small wedding by the water.');

    const body = page.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.type('The day began with fog on the lake.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Heading', exact: true }).click();
    await page.keyboard.type('The ceremony');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read about the venue');
    await page.keyboard.press('Shift+Home');
    await page.getByLabel('Link address').fill('https://venue.example/lake');
    await page.getByRole('button', { name: 'Set link' }).click();
    await body.press('End');

    // Two photos: saved as a draft first (photos belong to a post), then inserted as a grid.
    const files = [await jpeg(seed++, 900, 600), await jpeg(seed++, 900, 600)];
    await page.getByLabel('Add photos').setInputFiles(files);
    await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Alt text of the inserted photos').fill('Rings and the cake');
    await page.getByRole('button', { name: 'Insert a grid of 2 photos' }).click();
    await expect(body.locator('figure img')).toHaveCount(2);
    await page.getByRole('radio', { name: 'Cover' }).first().check();

    await page.getByLabel('Tags').fill('Weddings, Lake');
    await page.getByLabel('SEO title').fill(`${title} | lakeside photos`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(notification(page, BLOG_MESSAGES.updated)).toBeVisible();
    await expect(page.getByText('On the website now.')).toBeVisible();
    const path = await page.getByRole('link', { name: 'View on site' }).getAttribute('href');
    expect(path).toMatch(/^\/journal\/\d+-lakeside-wedding-/);

    // The list shows it published.
    await page.getByRole('button', { name: 'All posts' }).click();
    await expect(page.getByRole('grid', { name: 'Posts' }).getByText(title)).toBeVisible();

    // The website.
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/journal/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // On a phone the menu folds behind its button.
    if (width < 700) await nav.getByText('Menu').click();
    await expect(nav.getByRole('link', { name: 'Journal' })).toBeVisible();
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The ceremony', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read about the venue' })).toHaveAttribute('href', 'https://venue.example/lake');
    await expect(page.locator('.post-grid img')).toHaveCount(2);
    await expect(page.locator('.post-grid img').first()).toHaveAttribute('alt', 'Rings and the cake');
    await expect(page).toHaveTitle(new RegExp(`^${title} \\| lakeside photos`));
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(ld.some((t) => t.includes('"BlogPosting"'))).toBe(true);
    await noAxeViolations(page);
    await page.goto('/journal/');
    await noAxeViolations(page);
    expect(errors).toEqual([]);
  });
}

test('a post is deleted after its confirmation', async ({ authed: page, api }) => {
  const res = await api.post('/adminportal/blog-posts/', { data: { title: `To delete ${Date.now()}`, status: 'published' } });
  expect(res.status()).toBe(201);
  const { id, title } = (await res.json()) as { id: number; title: string };
  const errors = watchPageErrors(page);
  await page.goto(`/admin-account/Blog?post=${id}`);
  await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(title, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Delete/ })
    .click();
  await expect(notification(page, BLOG_MESSAGES.deleted)).toBeVisible();
  expect((await page.request.get(`/site/posts/${id}/`)).status()).toBe(404);
  expect(errors).toEqual([]);
});
