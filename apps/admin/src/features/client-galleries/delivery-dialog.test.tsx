import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DELIVERY_MESSAGES, SELECTION_MESSAGES, type ClientGallery, type DeliveryActivity } from '@darkroom/contracts';
import { DISCARD_TITLE } from '../../components/form-dialog';
import { DeliveryDialog } from './delivery-dialog';
import { DELIVERY_TEXT } from './delivery-text';
import NotificationBar from '../../components/notification-bar';

const gallery = (over: Partial<ClientGallery> = {}): ClientGallery => ({
  id: 7,
  title: 'Smith wedding',
  gallery_link: '',
  cover_image: '/media/c.webp',
  cover_image_view: { url: '/media/c.webp', srcset: '', placeholder: null, width: 4, height: 3, square: null, wide: null },
  user: 3,
  user_text: 'Ada Lovelace',
  status: true,
  time_created: '2026-11-20T10:00:00.000Z',
  delivery_url: '/g/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG/',
  delivery_password_set: false,
  delivery_expires_at: null,
  allow_download: true,
  download_size: 'original',
  download_pin_set: false,
  watermark: false,
  favourites_count: 2,
  require_email: false,
  selection_limit: null,
  ...over,
});

const activity: DeliveryActivity = {
  views: 4,
  downloads: 1,
  last_visit: '2026-11-22T09:30:00.000Z',
  favourites: [
    { id: 11, name: 'IMG_0011.jpg' },
    { id: 12, name: 'IMG_0012.jpg' },
  ],
  events: [
    { at: '2026-11-22T09:00:00.000Z', kind: 'view', detail: '' },
    { at: '2026-11-22T09:30:00.000Z', kind: 'download-favourites', detail: '2 photos' },
  ],
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake server: answers by method and path, records every call. */
function serve(answer: (call: Call) => { status: number; body?: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call = { method: init.method ?? 'GET', url: String(url), body };
    calls.push(call);
    const { status, body: out } = answer(call);
    return new Response(out === undefined ? null : JSON.stringify(out), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function renderDialog(g: ClientGallery) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <>
        <DeliveryDialog gallery={g} onClose={onClose} />
        <NotificationBar domRoot={document.body} />
      </>
    </QueryClientProvider>,
  );
  return onClose;
}

const dialog = () => screen.getByRole('dialog', { name: /^Delivery: Smith wedding/ });

beforeEach(() => {
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Typing through several dialogs takes seconds on a busy machine.
describe('DeliveryDialog', { timeout: 30_000 }, () => {
  it('shows the whole link and copies it', async () => {
    serve(() => ({ status: 200, body: activity }));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderDialog(gallery());
    const full = `${window.location.origin}/g/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG/`;
    expect((within(dialog()).getByLabelText('Delivery link') as HTMLInputElement).value).toBe(full);
    await user.click(within(dialog()).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(full);
    expect(await screen.findByText(DELIVERY_TEXT.linkCopied)).toBeTruthy();
  });

  it('offers Send to customer only on a published gallery, and publishes from the dialog', async () => {
    const calls = serve((c) => (c.method === 'PATCH' ? { status: 200, body: gallery() } : { status: 200, body: activity }));
    const user = userEvent.setup();
    renderDialog(gallery({ status: false }));
    expect(within(dialog()).getByText(DELIVERY_TEXT.unpublished)).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Send to customer' })).toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'PATCH', url: '/adminportal/manage-client-galleries/7/' });
    expect((writes(calls)[0]!.body as FormData).get('status')).toBe('true');
    expect(await screen.findByText('Client gallery successfully publish')).toBeTruthy();
    cleanup();
    renderDialog(gallery({ status: true }));
    expect(within(dialog()).getByRole('button', { name: 'Send to customer' })).toBeTruthy();
    expect(within(dialog()).queryByText(DELIVERY_TEXT.unpublished)).toBeNull();
  });

  it('shows the activity: counts, last visit and the latest event first', async () => {
    serve(() => ({ status: 200, body: activity }));
    renderDialog(gallery());
    const events = await screen.findByRole('list', { name: 'Latest events' });
    const items = within(events).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Downloaded the favourites: 2 photos');
    expect(items[1]!.textContent).toContain('Opened the gallery');
    expect(within(dialog()).getByText('Views').nextSibling?.textContent).toBe('4');
    expect(within(dialog()).getByText('Favourites').nextSibling?.textContent).toBe('2');
  });

  it('sets a password: asks for one first, sends it once, never shows it back', async () => {
    const calls = serve((c) =>
      c.method === 'PATCH' ? { status: 200, body: gallery({ delivery_password_set: true }) } : { status: 200, body: activity },
    );
    const user = userEvent.setup();
    renderDialog(gallery());
    await user.click(within(dialog()).getByRole('switch', { name: 'Require a password' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save access settings' }));
    expect(await within(dialog()).findByText(DELIVERY_MESSAGES.passwordRequired)).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    await user.type(within(dialog()).getByLabelText(/^Password/), 'blue-sky');
    await user.click(within(dialog()).getByRole('button', { name: 'Save access settings' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: 'PATCH',
      url: '/adminportal/manage-client-galleries/7/',
      body: { delivery_password: 'blue-sky' },
    });
    expect(await screen.findByText(DELIVERY_TEXT.settingsSaved)).toBeTruthy();
    // The field is emptied and now asks for a replacement; the password is nowhere on screen.
    const field = within(dialog()).getByLabelText('New password') as HTMLInputElement;
    expect(field.value).toBe('');
    expect(screen.queryByDisplayValue('blue-sky')).toBeNull();
  });

  it('removes a password with an empty one, and sends expiry and downloads only when changed', async () => {
    const calls = serve((c) => (c.method === 'PATCH' ? { status: 200, body: gallery() } : { status: 200, body: activity }));
    const user = userEvent.setup();
    renderDialog(gallery({ delivery_password_set: true, delivery_expires_at: '2026-12-31' }));
    expect(within(dialog()).getByText(DELIVERY_TEXT.passwordNote)).toBeTruthy();
    await user.click(within(dialog()).getByRole('switch', { name: 'Require a password' }));
    expect(within(dialog()).getByText(DELIVERY_TEXT.passwordRemovedOnSave)).toBeTruthy();
    await user.click(within(dialog()).getByRole('button', { name: 'Clear the expiry date' }));
    expect((within(dialog()).getByLabelText('Link expires after') as HTMLInputElement).value).toBe('');
    await user.click(within(dialog()).getByRole('button', { name: 'Save access settings' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ delivery_password: '', delivery_expires_at: '' });
  });

  it("asks each visitor's name and caps a list, sending only those two, and shows the limit's message", async () => {
    const calls = serve((c) =>
      c.method === 'PATCH'
        ? { status: 400, body: { selection_limit: [SELECTION_MESSAGES.limitInvalid] } }
        : { status: 200, body: activity },
    );
    const user = userEvent.setup();
    renderDialog(gallery());
    await user.click(within(dialog()).getByRole('switch', { name: "Ask each visitor's name and e-mail" }));
    await user.type(within(dialog()).getByLabelText('Most photos a list may hold'), '4x0');
    expect((within(dialog()).getByLabelText('Most photos a list may hold') as HTMLInputElement).value).toBe('40');
    await user.click(within(dialog()).getByRole('button', { name: 'Save access settings' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ require_email: true, selection_limit: '40' });
    await waitFor(() => expect(screen.getAllByText(SELECTION_MESSAGES.limitInvalid).length).toBeGreaterThan(0));
  });

  it("puts the server's field message under its field", async () => {
    serve((c) =>
      c.method === 'PATCH' ? { status: 400, body: { allow_download: ['Downloads cannot change now'] } } : { status: 200, body: activity },
    );
    const user = userEvent.setup();
    renderDialog(gallery());
    await user.click(within(dialog()).getByRole('switch', { name: 'Allow downloads' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save access settings' }));
    // Under the switch, and in the notification.
    await waitFor(() => expect(screen.getAllByText('Downloads cannot change now')).toHaveLength(2));
  });

  it('asks before revoking the link, says the old one stops working, then makes a new one', async () => {
    const calls = serve((c) =>
      c.method === 'POST'
        ? { status: 200, body: gallery({ delivery_url: '/g/new-token-new-token-new-token-1234567/' }) }
        : { status: 200, body: activity },
    );
    const user = userEvent.setup();
    renderDialog(gallery());
    await user.click(within(dialog()).getByRole('button', { name: 'Revoke and make a new link' }));
    const confirm = screen.getByRole('dialog', { name: DELIVERY_TEXT.regenerateTitle });
    expect(confirm.textContent).toContain('stops working');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DELIVERY_TEXT.regenerateTitle })).toBeNull());
    expect(writes(calls)).toHaveLength(0);

    await user.click(within(dialog()).getByRole('button', { name: 'Revoke and make a new link' }));
    await user.click(
      within(screen.getByRole('dialog', { name: DELIVERY_TEXT.regenerateTitle })).getByRole('button', { name: 'Make a new link' }),
    );
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ method: 'POST', url: '/adminportal/manage-client-galleries/7/delivery/regenerate/' });
    expect(await screen.findByText(DELIVERY_MESSAGES.linkRegenerated)).toBeTruthy();
  });

  it('sends the link with the optional message and says the password is not included', async () => {
    const calls = serve((c) =>
      c.method === 'POST' ? { status: 200, body: { detail: DELIVERY_MESSAGES.linkSent } } : { status: 200, body: activity },
    );
    const user = userEvent.setup();
    renderDialog(gallery({ delivery_password_set: true }));
    await user.click(within(dialog()).getByRole('button', { name: 'Send to customer' }));
    const send = screen.getByRole('dialog', { name: 'Send to customer' });
    expect(send.textContent).toContain(DELIVERY_TEXT.sendPasswordNote);
    await user.type(within(send).getByLabelText('Message (optional)'), 'Your photos are ready.');
    await user.click(within(send).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: 'POST',
      url: '/adminportal/manage-client-galleries/7/delivery/send/',
      body: { message: 'Your photos are ready.' },
    });
    expect(await screen.findByText(DELIVERY_MESSAGES.linkSent)).toBeTruthy();
  });

  it('asks before closing with unsaved access settings', async () => {
    serve(() => ({ status: 200, body: activity }));
    const user = userEvent.setup();
    const onClose = renderDialog(gallery());
    await user.click(within(dialog()).getByRole('switch', { name: 'Allow downloads' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    const ask = screen.getByRole('dialog', { name: DISCARD_TITLE });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).toBeNull());
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    await user.click(within(screen.getByRole('dialog', { name: DISCARD_TITLE })).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes at once when nothing changed', async () => {
    serve(() => ({ status: 200, body: activity }));
    const user = userEvent.setup();
    const onClose = renderDialog(gallery());
    await user.click(within(dialog()).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason when the link cannot be sent", async () => {
    serve((c) =>
      c.method === 'POST' ? { status: 409, body: { detail: DELIVERY_MESSAGES.noCustomerEmail } } : { status: 200, body: activity },
    );
    const user = userEvent.setup();
    renderDialog(gallery());
    await user.click(within(dialog()).getByRole('button', { name: 'Send to customer' }));
    const send = screen.getByRole('dialog', { name: 'Send to customer' });
    await user.click(within(send).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(DELIVERY_MESSAGES.noCustomerEmail)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Send to customer' })).toBeTruthy();
  });
});
