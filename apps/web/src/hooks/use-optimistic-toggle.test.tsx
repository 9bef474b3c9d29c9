import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useOptimisticToggle } from './use-optimistic-toggle.ts';

/** A call the test ends: `succeed` or `fail`. */
function heldCall() {
  let succeed: () => void = () => {};
  let fail: () => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    succeed = resolve;
    fail = () => reject(new Error('offline'));
  });
  return { promise, succeed, fail };
}

/** A follow button whose server state is `saved`, written only when the call succeeds. */
function Harness({ call, onRun }: { call: () => ReturnType<typeof heldCall>; onRun: () => void }) {
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  const following = useOptimisticToggle(saved);
  const press = () => {
    onRun();
    following.run(!following.shown, async () => {
      const held = call();
      try {
        await held.promise;
        setSaved((was) => !was);
      } catch {
        setFailed(true);
      }
    });
  };
  return (
    <>
      <button type="button" aria-pressed={following.shown} onClick={press}>
        {following.pending ? 'Saving' : 'Follow'}
      </button>
      {failed && <p>Could not follow.</p>}
    </>
  );
}

function setup() {
  const calls: ReturnType<typeof heldCall>[] = [];
  let runs = 0;
  render(
    <Harness
      call={() => {
        const held = heldCall();
        calls.push(held);
        return held;
      }}
      onRun={() => {
        runs += 1;
      }}
    />,
  );
  return { calls, runs: () => runs, button: () => screen.getByRole('button') };
}

describe('useOptimisticToggle', () => {
  it('shows the press at once and keeps it when the call succeeds', async () => {
    const { calls, button } = setup();
    fireEvent.click(button());
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(button().textContent).toBe('Saving');
    await act(async () => calls[0]?.succeed());
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(button().textContent).toBe('Follow');
  });

  it('rolls the press back when the call fails, and the failure is said', async () => {
    const { calls, button } = setup();
    fireEvent.click(button());
    expect(button().getAttribute('aria-pressed')).toBe('true');
    await act(async () => calls[0]?.fail());
    expect(button().getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText('Could not follow.')).not.toBeNull();
  });

  it('starts one call for two presses in the same moment', async () => {
    const { calls, runs, button } = setup();
    fireEvent.click(button());
    fireEvent.click(button());
    expect(runs()).toBe(2);
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]?.succeed());
    expect(button().getAttribute('aria-pressed')).toBe('true');
  });
});
