// The one form pattern (lib/form.ts with components/ui/Field.tsx): messages on submit and then on
// every change, the focus on the first refused field, what the rules turn the text into, a
// submit pressed before the rules have loaded, and rules that cannot load.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field, InputField } from '../components/ui/Field.tsx';
import { useShopForm } from './form.ts';

const rules = z.object({
  email: z.string().email('Invalid Email'),
  quantity: z.string().transform(Number).pipe(z.number().int('Whole number').min(1, 'At least 1')),
});
type Sent = z.output<typeof rules>;

function TestForm({
  load,
  onSend,
}: {
  load: () => Promise<typeof rules>;
  onSend: (body: Sent) => void;
}) {
  const form = useShopForm(load, { email: '', quantity: '' });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onSend)}>
      <InputField
        id="t-email"
        label="E-mail"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field id="t-quantity" label="Quantity" error={errors.quantity?.message} hint="Cases of 10">
        {(control) => <input {...control} {...form.register('quantity')} />}
      </Field>
      <button type="submit">Send</button>
    </form>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? (
      <p role="alert">Failed: {this.state.error.message}</p>
    ) : (
      this.props.children
    );
  }
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const loaded = () => Promise.resolve(rules);

describe('Field and InputField', () => {
  it('ties its label, hint and message to the control', async () => {
    render(<TestForm load={loaded} onSend={() => undefined} />);
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity.id).toBe('t-quantity');
    expect(quantity.getAttribute('aria-describedby')).toBe('t-quantity-hint');
    expect(quantity.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById('t-quantity-hint')?.textContent).toBe('Cases of 10');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('At least 1');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(quantity.getAttribute('aria-describedby')).toBe('t-quantity-error t-quantity-hint');
    expect(document.getElementById('t-quantity-error')?.textContent).toBe('At least 1');
    expect(screen.getByLabelText('E-mail').className).toBe('input w-full input-error');
  });
});

describe('useShopForm', () => {
  it('refuses bad input with each message, focuses the first refused field and sends nothing', async () => {
    const onSend = vi.fn();
    render(<TestForm load={loaded} onSend={onSend} />);
    await userEvent.type(screen.getByLabelText('Quantity'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Invalid Email')).toBeTruthy();
    expect(screen.queryByText('At least 1')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail'));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('checks again on every change once submitted, so a message goes as soon as the value is fixed', async () => {
    render(<TestForm load={loaded} onSend={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Invalid Email');

    await userEvent.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await waitFor(() => expect(screen.queryByText('Invalid Email')).toBeNull());
    expect(screen.getByText('At least 1')).toBeTruthy();
  });

  it('says nothing while typing before the first submit', async () => {
    render(<TestForm load={loaded} onSend={() => undefined} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'not an address');
    await act(() => new Promise((done) => setTimeout(done, 20)));
    expect(screen.queryByText('Invalid Email')).toBeNull();
  });

  it('sends what the rules make of the text', async () => {
    const onSend = vi.fn();
    render(<TestForm load={loaded} onSend={onSend} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Quantity'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    expect(onSend.mock.calls[0]?.[0]).toEqual({ email: 'ann@example.com', quantity: 12 });
  });

  it('checks a submit pressed before the rules arrived once they do', async () => {
    let arrive: (value: typeof rules) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof rules>((done) => (arrive = done)));
    const onSend = vi.fn();
    render(<TestForm load={load} onSend={onSend} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(screen.queryByText('At least 1')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => arrive(rules));
    expect(await screen.findByText('At least 1')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('loads the rules when the browser is first idle, not while the form renders', async () => {
    const load = vi.fn(loaded);
    render(<TestForm load={load} onSend={() => undefined} />);
    expect(load).not.toHaveBeenCalled();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('tries a failed load again, and hands a second failure to the error boundary', async () => {
    const load = vi
      .fn<() => Promise<typeof rules>>()
      .mockRejectedValueOnce(new Error('chunk 1 failed'))
      .mockRejectedValueOnce(new Error('chunk 2 failed'));
    const onSend = vi.fn();
    // React reports the error the boundary caught; that report is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <TestForm load={load} onSend={onSend} />
      </Boundary>,
    );
    // The first (idle) load fails quietly; the submit tries again, and that failure is shown.
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await userEvent.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await userEvent.type(screen.getByLabelText('Quantity'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed: chunk 2 failed');
    expect(load).toHaveBeenCalledTimes(2);
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('a double submit', () => {
  it('sends once: the second click, while the first is still checked, is ignored', async () => {
    // Rules that take a moment, as a lazily loaded schema does the first time.
    let release: (() => void) | undefined;
    const ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    const onSend = vi.fn();
    const user = userEvent.setup();
    render(<TestForm load={() => ready.then(() => rules)} onSend={onSend} />);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText(/Quantity/), '3');
    await user.dblClick(screen.getByRole('button', { name: 'Send' }));
    release?.();
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSend).toHaveBeenCalledTimes(1);
    // Once it is done, the next submit is sent.
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
  });
});
