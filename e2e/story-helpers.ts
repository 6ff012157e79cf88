import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** A customer account made through the users API (the people area), retried while that route is still missing. */
export async function createCustomer(api: APIRequestContext, prefix: string): Promise<{ id: number; name: string; username: string }> {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const body = {
    first_name: `${prefix}${n}`,
    last_name: 'Customer',
    email: `${prefix.toLowerCase()}${n}@example.test`,
    username: `${prefix.toLowerCase()}_${n}`,
    phone: '+44 20 7946 0000',
  };
  for (let attempt = 0; ; attempt++) {
    const res = await api.post('/adminportal/manage-users/', { data: body });
    if (res.status() === 404 && attempt < 30) {
      await new Promise((r) => setTimeout(r, 2000));
      continue;
    }
    expect(res.status(), await res.text()).toBe(201);
    const created = (await res.json()) as { id: number };
    return { id: created.id, name: `${body.first_name} ${body.last_name}`, username: body.username };
  }
}

/** A real JPEG made by sharp, unique per seed. */
export async function jpeg(seed: number, width = 1200, height = 800): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({
    create: { width, height, channels: 3, background: { r: (seed * 67) % 256, g: (seed * 29) % 256, b: 170 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name: `photo-${seed}.jpg`, mimeType: 'image/jpeg', buffer };
}

/** A message in the notification bar. */
export const notification = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** Picks a customer in the searchable 'User' field of a dialog. */
export async function chooseCustomer(dialog: Locator, name: string): Promise<void> {
  const input = dialog.getByRole('combobox', { name: 'User' });
  await input.click();
  await input.fill(name);
  await dialog
    .page()
    .getByRole('option', { name: new RegExp(name) })
    .click();
  await expect(input).toHaveValue(name);
}

export const uniqueTitle = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 100)}`;
