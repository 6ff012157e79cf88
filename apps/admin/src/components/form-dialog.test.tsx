import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DISCARD_TITLE, FormDialog } from './form-dialog';

afterEach(cleanup);

function renderDialog(onClose = vi.fn()) {
  render(
    <FormDialog open title="Manage Contact Informations" onClose={onClose} onSubmit={vi.fn()}>
      <label>
        Email
        <input name="email" />
      </label>
    </FormDialog>,
  );
  return onClose;
}

describe('FormDialog: a form with changes is never thrown away without asking', () => {
  it('closes a clean form at once with the X', async () => {
    const onClose = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before the X or Esc discards typed text; Keep editing keeps it', async () => {
    const onClose = renderDialog();
    await userEvent.type(screen.getByLabelText('Email'), 'desk@studio.test');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: DISCARD_TITLE })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('desk@studio.test');
    // Esc goes to the dialog that has the focus: once the question has closed, it is the form again.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).toBeNull());
    await waitFor(() => expect(document.activeElement?.closest('[role="dialog"]')).toBeTruthy());

    await userEvent.keyboard('{Escape}');
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Cancel is the explicit discard and closes at once', async () => {
    const onClose = renderDialog();
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).toBeNull();
  });
});
