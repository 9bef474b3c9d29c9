import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readDraft } from '../lib/drafts.ts';
import { type SubmitContext, useForm } from './use-form.ts';

interface Values {
  text: string;
}

function Harness({
  onSubmit,
  draftKey,
}: {
  onSubmit: (values: Values, context: SubmitContext<Values>) => Promise<boolean>;
  draftKey?: string;
}) {
  const form = useForm<Values>({
    initialValues: () => ({ text: (draftKey && (readDraft(draftKey)?.text as string)) || '' }),
    draftKey,
    isDraft: (v) => v.text.trim() !== '',
    validate: (v) => (v.text === 'bad' ? { text: 'No.' } : {}),
    onSubmit,
  });
  return (
    <form onSubmit={form.onSubmit}>
      <label>
        Text
        <input value={form.values.text} onChange={(e) => form.setValue('text', e.target.value)} />
      </label>
      {form.errors.text && <p>{form.errors.text}</p>}
      <button type="submit" disabled={form.pending}>
        {form.pending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}

/** A submit that waits until the test lets it finish. */
function heldSubmit() {
  const calls: { values: Values; key: string; finish: (ok: boolean) => void }[] = [];
  const onSubmit = (values: Values, { idempotencyKey }: SubmitContext<Values>) =>
    new Promise<boolean>((resolve) => {
      calls.push({ values, key: idempotencyKey, finish: resolve });
    });
  return { calls, onSubmit };
}

describe('useForm', () => {
  it('sends once for two submits in the same moment, and disables the button meanwhile', async () => {
    const { calls, onSubmit } = heldSubmit();
    render(<Harness onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'hello' } });
    const button = screen.getByRole('button', { name: 'Send' });
    // Two submits before React renders anything in between.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(calls).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Sending…' })).toHaveProperty(
      'disabled',
      true,
    );
    calls[0]?.finish(true);
    expect(await screen.findByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });

  it('reuses the idempotency key when the same values are retried after a failure', async () => {
    const { calls, onSubmit } = heldSubmit();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Text'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    calls[0]?.finish(false);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(calls[1]?.key).toBe(calls[0]?.key);
    calls[1]?.finish(true);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(calls[2]?.key).not.toBe(calls[1]?.key);
    await user.type(screen.getByLabelText('Text'), '!');
    calls[2]?.finish(false);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(calls[3]?.values.text).toBe('hello!');
    expect(calls[3]?.key).not.toBe(calls[2]?.key);
  });

  it('stops on a field error without sending', async () => {
    const { calls, onSubmit } = heldSubmit();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Text'), 'bad');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('No.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('keeps a draft while typing, restores it, and clears it once sent', async () => {
    const { calls, onSubmit } = heldSubmit();
    const user = userEvent.setup();
    const { unmount } = render(<Harness onSubmit={onSubmit} draftKey="draft:test" />);
    await user.type(screen.getByLabelText('Text'), 'kept');
    expect(readDraft('draft:test')).toEqual({ text: 'kept' });
    unmount();
    render(<Harness onSubmit={onSubmit} draftKey="draft:test" />);
    expect(screen.getByLabelText('Text')).toHaveProperty('value', 'kept');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    calls[0]?.finish(true);
    await screen.findByRole('button', { name: 'Send' });
    expect(readDraft('draft:test')).toBeNull();
  });
});
