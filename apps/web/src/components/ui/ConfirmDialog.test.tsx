// The question before what cannot be undone (issue 30 #4): the safe choice first and focused,
// the action waiting with its busy words while it runs, and nothing dismissing it meanwhile.
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';

afterEach(cleanup);

function ask(busy: boolean, onConfirm = vi.fn(), onCancel = vi.fn()) {
  render(
    <ConfirmDialog
      open
      title="Revoke this API key?"
      confirmLabel="Revoke the key"
      cancelLabel="Keep it"
      busyLabel="Revoking the key"
      busy={busy}
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>The key Purchasing system stops working at once.</p>
    </ConfirmDialog>,
  );
  return {
    onConfirm,
    onCancel,
    dialog: screen.getByRole('dialog', { name: 'Revoke this API key?' }),
  };
}

describe('ConfirmDialog', () => {
  it('puts the safe choice first and gives it the focus, so Enter changes nothing', async () => {
    const { dialog, onConfirm, onCancel } = ask(false);
    const [first, second] = within(dialog).getAllByRole('button');
    expect(first?.textContent).toBe('Keep it');
    expect(second?.textContent).toBe('Revoke the key');
    expect(document.activeElement).toBe(first);
    expect(dialog.textContent).toContain('The key Purchasing system stops working at once.');
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('acts only on its action button, which is the danger colour', async () => {
    const { dialog, onConfirm } = ask(false);
    const act = within(dialog).getByRole('button', { name: 'Revoke the key' });
    expect(act.className).toContain('btn-error');
    await userEvent.click(act);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('while the action runs, both buttons wait and the action says so', async () => {
    const { dialog, onConfirm, onCancel } = ask(true);
    const act = within(dialog).getByRole('button', { name: 'Revoking the key' });
    expect(act.getAttribute('aria-busy')).toBe('true');
    expect((act as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(dialog).getByRole('button', { name: 'Keep it' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(act);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});
