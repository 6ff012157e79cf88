import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';

/** A real image made by sharp, unique per seed, for setInputFiles. */
export async function image(
  seed: number,
  width = 1400,
  height = 800,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 31) % 256 } },
  });
  const buffer = format === 'png' ? await base.png().toBuffer() : await base.jpeg({ quality: 80 }).toBuffer();
  return { name: `picture-${seed}.${format === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${format}`, buffer };
}

/**
 * A notification bar message. Found by its container, not by role: while a modal dialog is open
 * MUI marks the rest of the page aria-hidden, which hides the snackbar from role queries.
 */
export const notice = (page: Page, text: string): Locator =>
  page.locator('.notistack-SnackbarContainer .notistack-MuiContent').filter({ hasText: text }).first();

/** The card whose heading is `title`. */
export const cardOf = (page: Page, title: string): Locator =>
  page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A short unique token (the carousel's header is at most 15 characters). */
export const shortId = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

/** Flips a card's publish switch and confirms in the dialog. */
export async function togglePublish(page: Page, card: Locator, to: 'publish' | 'unpublish'): Promise<void> {
  await card.getByRole('switch').or(card.getByRole('checkbox')).first().click();
  const dialog = page.getByRole('dialog', { name: to === 'publish' ? 'Confirm publish' : 'Confirm unpublished' });
  await dialog.getByRole('button', { name: to === 'publish' ? 'Publish' : 'Unpublish' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
