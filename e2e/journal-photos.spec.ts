import type { APIRequestContext } from '@playwright/test';
import { BLOG_MESSAGES, blogPhotoInBodyMessage, type BlogPost } from '@darkroom/contracts';
import { jpeg, notification } from './story-helpers';
import { expect, test, watchPageErrors } from './fixtures';

/** The journal editor's photos: removing one, and inserting a grid at a phone's width. */

let seed = 9400;

async function postWithPhotos(api: APIRequestContext, title: string, count: number): Promise<{ id: number; photos: number[] }> {
  const res = await api.post('/adminportal/blog-posts/', { data: { title } });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as BlogPost;
  const photos: number[] = [];
  for (let i = 0; i < count; i++) {
    const up = await api.post(`/adminportal/blog-posts/${id}/photos/`, { multipart: { image: await jpeg(seed++, 900, 600) } });
    expect(up.status(), await up.text()).toBe(201);
    photos.push(((await up.json()) as { id: number }).id);
  }
  return { id, photos };
}

test('removes one photo of a post; one the body shows is refused, naming it', async ({ authed: page, api }) => {
  const errors = watchPageErrors(page);
  const { id, photos } = await postWithPhotos(api, `Two photos ${Date.now().toString(36)}`, 2);
  const body = { type: 'doc', content: [{ type: 'photos', attrs: { photos: [{ id: photos[0], alt: 'The dance' }] } }] };
  expect((await api.patch(`/adminportal/blog-posts/${id}/`, { data: { body, cover_image: photos[1] } })).status()).toBe(200);

  await page.goto(`/admin-account/Blog?post=${id}`);
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible({ timeout: 30_000 });
  const dialog = page.getByRole('alertdialog');

  // Photo 1 is in the body: the dialog says so and cannot delete.
  await page.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(dialog.getByTestId('delete-detail')).toHaveText(blogPhotoInBodyMessage(1));
  await expect(dialog.getByRole('button', { name: /Delete/ })).toBeDisabled();
  await dialog.getByRole('button', { name: /Cancel|No/ }).click();

  // Photo 2 (the cover) goes after its confirmation; the post has no cover then.
  await page.getByRole('button', { name: 'Remove photo 2' }).click();
  await dialog.getByRole('button', { name: /Delete/ }).click();
  await expect(notification(page, BLOG_MESSAGES.photoRemoved)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 2' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Cover' })).not.toBeChecked();
  let saved = (await (await api.get(`/adminportal/blog-posts/${id}/`)).json()) as BlogPost;
  expect(saved.photos.map((p) => p.id)).toEqual([photos[0]]);
  expect(saved.cover_image).toBeNull();

  // Its block taken out of the body but not saved: the server, which reads the saved body, refuses.
  const editorBody = page.getByRole('textbox', { name: 'Body' });
  await editorBody.locator('figure').click();
  await page.keyboard.press('Backspace');
  await expect(editorBody.locator('figure')).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove photo 1' }).click();
  await dialog.getByRole('button', { name: /Delete/ }).click();
  await expect(notification(page, blogPhotoInBodyMessage(1))).toBeVisible();
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();

  // Saved, it goes.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, BLOG_MESSAGES.updated)).toBeVisible();
  await page.getByRole('button', { name: 'Remove photo 1' }).click();
  await dialog.getByRole('button', { name: /Delete/ }).click();
  // The confirmation closes once the server has answered; while it is open the rest of the page
  // is hidden from the accessibility tree, so no photo would be found there either.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('img', { name: 'Photo 1' })).toHaveCount(0);
  saved = (await (await api.get(`/adminportal/blog-posts/${id}/`)).json()) as BlogPost;
  expect(saved.photos).toEqual([]);
  expect(errors).toEqual([]);
});

test('at 375 px a selected paragraph is kept when a photo grid goes in after it', async ({ authed: page, api }) => {
  const errors = watchPageErrors(page);
  await page.setViewportSize({ width: 375, height: 812 });
  const { id } = await postWithPhotos(api, `Phone grid ${Date.now().toString(36)}`, 2);
  await page.goto(`/admin-account/Blog?post=${id}`);
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible({ timeout: 30_000 });

  const body = page.getByRole('textbox', { name: 'Body' });
  await body.click();
  await page.keyboard.type('The day began with fog on the lake.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read about the venue');
  // The paragraph selected (as for a link, or a long press on a phone), then the photos chosen below.
  await page.keyboard.press('Shift+Home');
  await page.getByLabel('Link address').fill('https://venue.example/lake');
  await page.getByRole('button', { name: 'Set link' }).click();
  await page.getByRole('checkbox', { name: 'Select photo 1' }).check();
  await page.getByRole('checkbox', { name: 'Select photo 2' }).check();
  await page.getByLabel('Alt text of the inserted photos').fill('Rings and the cake');
  await page.getByRole('button', { name: 'Insert a grid of 2 photos' }).click();

  await expect(body.locator('figure img')).toHaveCount(2);
  await expect(body.getByRole('link', { name: 'Read about the venue' })).toBeVisible();
  // In order: both paragraphs, then the grid.
  const blocks = await body.locator(':scope > *').evaluateAll((els) => els.map((e) => e.tagName.toLowerCase() + ':' + e.textContent));
  expect(blocks.slice(0, 3)).toEqual(['p:The day began with fog on the lake.', 'p:Read about the venue', 'figure:']);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notification(page, BLOG_MESSAGES.updated)).toBeVisible();
  const saved = (await (await api.get(`/adminportal/blog-posts/${id}/`)).json()) as BlogPost;
  expect(JSON.stringify(saved.body)).toContain('Read about the venue');
  expect(errors).toEqual([]);
});
