import { COMMON_MESSAGES, LOVE_STORY_MESSAGES } from '@darkroom/contracts';
import { expect, noAxeViolations, test, watchPageErrors } from './fixtures';
import { chooseCustomer, createCustomer, jpeg, notification, uniqueTitle } from './story-helpers';
import type { Page } from '@playwright/test';

const card = (page: Page, title: string) =>
  page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('love stories', () => {
  // Each test walks a whole screen end to end; allow for a busy CI machine.
  test.describe.configure({ timeout: 180_000 });

  test('create with validation, view, edit, publish, manage photos and delete; every change survives a reload', async ({
    authed: page,
    api,
  }) => {
    // A whole life-cycle with reloads and uploads: 48-53 s of the 60 s limit in CI on a loaded
    // 2-core machine, so it gets Playwright's slow budget.
    test.slow();
    const errors = watchPageErrors(page);
    const ada = await createCustomer(api, 'Ada');
    const ben = await createCustomer(api, 'Ben');
    const title = uniqueTitle('Anna & Tom');

    await page.goto('/admin-account/Love-stories');
    await expect(page.getByRole('heading', { name: 'Love stories' })).toBeVisible();

    // Validation on blur, then every required message on submit.
    await page.getByRole('button', { name: 'Create love story' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create love story' });
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).focus();
    await dialog.getByLabel('Description 1').focus();
    await expect(dialog.getByText(LOVE_STORY_MESSAGES.titleRequired)).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const m of [
      LOVE_STORY_MESSAGES.titleRequired,
      LOVE_STORY_MESSAGES.userRequired,
      LOVE_STORY_MESSAGES.description1Required,
      LOVE_STORY_MESSAGES.coverRequired,
    ]) {
      await expect(dialog.getByText(m, { exact: true })).toBeVisible();
    }

    // The server's image check shows against the cover field.
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await chooseCustomer(dialog, ada.name);
    await dialog.getByLabel('Description 1').fill('We met on a rainy day in Rome.');
    await dialog.getByLabel('Description 3').fill('Then came Paris.');
    await dialog.locator('input[type=file]').setInputFiles(await jpeg(1, 300, 200));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, COMMON_MESSAGES.dimension)).toBeVisible();
    await expect(dialog.getByText(COMMON_MESSAGES.dimension)).toBeVisible();

    await dialog.locator('input[type=file]').setInputFiles(await jpeg(2));
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, LOVE_STORY_MESSAGES.created)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, title)).toBeVisible();
    await expect(card(page, title)).toContainText(ada.name);

    await page.reload();
    const story = card(page, title);
    await expect(story).toBeVisible();
    await expect(story.getByRole('img', { name: title })).toHaveAttribute('src', /\/media\/.+\.webp$/);

    // The detail dialog: cover, title, descriptions, gallery.
    await story.getByRole('button', { name: `Details of ${title}` }).click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details.getByRole('img', { name: `${title} cover` })).toBeVisible();
    await expect(details).toContainText('We met on a rainy day in Rome.');
    await expect(details).toContainText('Then came Paris.');
    await expect(details).toContainText('No photos yet');
    await details.getByRole('button', { name: 'Close' }).last().click();
    await expect(details).toBeHidden();

    // Edit: new title and customer, the cover kept; the dialog closes by itself after the message.
    const edited = `${title} forever`;
    await story.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit love story' });
    await expect(edit.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    await expect(edit.getByLabel('Description 3')).toHaveValue('Then came Paris.');
    await edit.getByRole('textbox', { name: 'Title', exact: true }).fill('');
    await edit.getByRole('textbox', { name: 'Title', exact: true }).blur();
    await expect(edit.getByText(LOVE_STORY_MESSAGES.titleRequired)).toBeVisible();
    await edit.getByRole('textbox', { name: 'Title', exact: true }).fill(edited);
    await chooseCustomer(edit, ben.name);
    await edit.getByRole('button', { name: 'Submit' }).click();
    await expect(notification(page, LOVE_STORY_MESSAGES.updated)).toBeVisible();
    await expect(edit).toBeHidden({ timeout: 8000 });
    await page.reload();
    const editedCard = card(page, edited);
    await expect(editedCard).toContainText(ben.name);

    // Publish, then unpublish, each confirmed; the state survives a reload.
    await editedCard.getByRole('switch', { name: 'Publish' }).click();
    await expect(page.getByRole('dialog', { name: COMMON_MESSAGES.confirmPublish })).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(notification(page, 'Love story successfully publish')).toBeVisible();
    await page.reload();
    await expect(card(page, edited).getByRole('switch', { name: 'Published' })).toBeChecked();
    await card(page, edited).getByRole('switch', { name: 'Published' }).click();
    await expect(page.getByRole('dialog', { name: COMMON_MESSAGES.confirmUnpublish })).toBeVisible();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expect(notification(page, 'Love story successfully unpublished')).toBeVisible();
    await page.reload();
    await expect(card(page, edited).getByRole('switch', { name: 'Publish' })).not.toBeChecked();

    // The image opens the gallery viewer for this story.
    await card(page, edited)
      .getByRole('button', { name: `View ${edited}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/view-gallery\\?love-story=${encodeURIComponent(edited).replace(/%20/g, '\\+')}`));
    await page.goBack();

    // Manage opens the photo page, which survives a reload.
    await card(page, edited).getByRole('button', { name: 'Manage' }).click();
    await expect(page).toHaveURL(/\/ManageLoveStory\?id=\d+$/);
    await expect(page.getByRole('heading', { name: `Manage ${edited} Gallery` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: `Manage ${edited} Gallery` })).toBeVisible();
    // Photos uploaded here show in the story's detail dialog.
    await page.getByRole('button', { name: 'Upload photos' }).click();
    const upload = page.getByRole('dialog', { name: `Upload photos to ${edited}` });
    await upload.getByTestId('gallery-file-input').setInputFiles([await jpeg(3), await jpeg(4)]);
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect(notification(page, 'Gallery successfully uploaded')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('row').filter({ hasText: 'photo-3' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'photo-4' })).toBeVisible();
    const storyId = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByRole('link', { name: 'Love stories' }).click();
    await card(page, edited)
      .getByRole('button', { name: `Details of ${edited}` })
      .click();
    const withPhotos = page.getByRole('dialog', { name: edited });
    await expect(withPhotos.getByText('Gallery (2)')).toBeVisible();
    await expect(withPhotos.getByRole('list', { name: 'Gallery photos' }).getByRole('img')).toHaveCount(2);
    // Its content scrolls with nothing focusable in it: the region itself takes focus.
    await noAxeViolations(page);
    await page.keyboard.press('Escape');

    // Delete: cancel first, then confirm.
    await card(page, edited).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: COMMON_MESSAGES.deleteConfirm });
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteCancel }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, edited)).toBeVisible();
    await card(page, edited).getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: COMMON_MESSAGES.deleteYes }).click();
    await expect(notification(page, LOVE_STORY_MESSAGES.deleted)).toBeVisible();
    await expect(card(page, edited)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Love stories' })).toBeVisible();
    await expect(card(page, edited)).toHaveCount(0);
    // Its photos went with it.
    const photosAfter = await api.get(`/adminportal/galleries/love-stories/${storyId}/`);
    // No photos left: the photo list is empty, or (its parent being gone) not found.
    expect(photosAfter.status() === 404 ? [] : await photosAfter.json()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('on a phone, a long form keeps Submit in view, and a refused submit shows its first message', async ({ authed: page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/admin-account/Love-stories');
    await page.getByRole('button', { name: 'Create love story' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create love story' });
    const title = dialog.getByRole('textbox', { name: 'Title', exact: true });
    await expect(title).toBeFocused();
    // The buttons stay put while the fields scroll (before, they were below the last field).
    const submit = dialog.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeInViewport({ ratio: 1 });
    await dialog.getByRole('button', { name: 'Choose image' }).scrollIntoViewIfNeeded();
    await expect(title).not.toBeInViewport();
    await expect(submit).toBeInViewport({ ratio: 1 });
    // Title still has focus; the refused submit brings it, and its message, into view.
    await submit.click();
    await expect(dialog.getByText(LOVE_STORY_MESSAGES.titleRequired)).toBeInViewport();
    await expect(title).toBeFocused();
    await expect(title).toBeInViewport();
  });

  test('the photo page without a story explains what to do', async ({ authed: page }) => {
    await page.goto('/admin-account/ManageLoveStory');
    await expect(page.getByText('No love story selected')).toBeVisible();
  });
});
