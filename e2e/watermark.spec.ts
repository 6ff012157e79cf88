import { WATERMARK_MESSAGES, type ClientGallery, type DeliveryGallery } from '@darkroom/contracts';
import { expect, test, watchPageErrors } from './fixtures';
import { clientGalleryWithPhotos, deliveryToken } from './delivery-helpers';
import { notification } from './story-helpers';

/** The studio's watermark: set in Site settings, turned on for one gallery, seen by its customer. */

test.describe('the studio watermark', () => {
  test.describe.configure({ timeout: 180_000 });

  test('saved in Site settings, switched on for a gallery, drawn on what its customer sees', async ({ authed: page, api }) => {
    const errors = watchPageErrors(page);
    const { gallery, title } = await clientGalleryWithPhotos(api, { customer: 'Wren', title: 'Watermarked', count: 1, seed: 71 });
    const token = deliveryToken(gallery.delivery_url);
    const previewOf = async () => {
      const seen = (await (await api.get(`/site/galleries/${token}/`)).json()) as DeliveryGallery;
      return seen.photos[0] ? await (await api.get(seen.photos[0].url)).body() : null;
    };
    const plain = await previewOf();
    expect(plain).not.toBeNull();

    await page.goto('/admin-account/Site-settings');
    const section = page.getByRole('form', { name: WATERMARK_MESSAGES.title });
    await section.getByLabel('Text').fill('© Wren Studio');
    await section.getByLabel('Position').click();
    await page.getByRole('option', { name: 'Centre' }).click();
    await page.screenshot({ path: test.info().outputPath('watermark-section.png'), fullPage: true });
    await section.getByRole('button', { name: 'Save watermark' }).click();
    await expect(notification(page, WATERMARK_MESSAGES.updated)).toBeVisible();

    await page.goto('/admin-account/Client-gallery');
    const card = page.locator('.MuiCard-root').filter({ hasText: title });
    await card.getByRole('button', { name: `Delivery of ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delivery: ${title}` });
    await dialog.getByRole('switch', { name: 'Watermark the photos' }).check();
    await dialog.getByRole('button', { name: 'Save access settings' }).click();
    await expect(notification(page, 'Delivery settings saved')).toBeVisible();
    const saved = (await (await api.get(`/adminportal/manage-client-galleries/${gallery.id}/`)).json()) as ClientGallery;
    expect(saved.watermark).toBe(true);

    // The copy is made in the background; once shown, the photo is the watermarked one.
    await expect
      .poll(
        async () => {
          const now = await previewOf();
          return now !== null && !now.equals(plain!);
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(errors).toEqual([]);
  });
});
