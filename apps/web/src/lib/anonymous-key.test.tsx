import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { announceAnonymousPost, onAnonymousPost, useKeyInUse } from './anonymous-key.ts';
import { useViewer } from './auth.ts';
import { getSessionId, peekSessionId, privateKeyStore, replaceSessionId } from './storage.ts';

const KEY = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';

function Probe() {
  const viewer = useViewer();
  const inUse = useKeyInUse();
  return (
    <p>
      <span data-testid="session">{viewer.sessionId}</span>
      <span data-testid="in-use">{String(inUse)}</span>
    </p>
  );
}

describe("this tab's private key", () => {
  it('an anonymous post is announced, and marks the key as having posts', () => {
    const listener = vi.fn();
    const stop = onAnonymousPost(listener);
    renderWithApp(<Probe />);
    expect(screen.getByTestId('in-use').textContent).toBe('false');
    act(() => announceAnonymousPost({ type: 'answer', id: 12 }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ type: 'answer', id: 12 });
    expect(privateKeyStore.inUse()).toBe(true);
    expect(screen.getByTestId('in-use').textContent).toBe('true');
    stop();
    announceAnonymousPost({ type: 'question', id: 3 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a restored key replaces the tab session id for every viewer at once', () => {
    const first = getSessionId();
    renderWithApp(<Probe />);
    expect(screen.getByTestId('session').textContent).toBe(first);
    act(() => {
      expect(replaceSessionId(KEY)).toBe(true);
    });
    expect(screen.getByTestId('session').textContent).toBe(KEY);
    expect(window.sessionStorage.getItem('session_id')).toBe(KEY);
  });

  it('peeks without making a key, and keeps a saved key apart from the tab', () => {
    expect(peekSessionId()).toBeNull();
    expect(window.sessionStorage.getItem('session_id')).toBeNull();
    expect(privateKeyStore.saved()).toBeNull();
    privateKeyStore.save(KEY);
    expect(window.localStorage.getItem('private_key')).toBe(KEY);
    expect(peekSessionId()).toBeNull();
    privateKeyStore.forget();
    expect(privateKeyStore.saved()).toBeNull();
    expect(privateKeyStore.offered()).toBe(false);
    privateKeyStore.markOffered();
    expect(privateKeyStore.offered()).toBe(true);
  });

  it('signed in, the viewer has no session id, even with a tab key in storage', () => {
    replaceSessionId(KEY);
    renderWithApp(<Probe />, {
      is_authenticated: true,
      user: { id: 7, username: 'ann', is_staff: false, is_moderator: false },
      silenced: null,
    });
    expect(screen.getByTestId('session').textContent).toBe('');
  });
});
