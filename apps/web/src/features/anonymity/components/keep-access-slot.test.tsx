import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announceAnonymousPost } from '../../../lib/anonymous-key.ts';
import { getSessionId } from '../../../lib/storage.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { KeepAccessFallback, KeepAccessSlot } from './keep-access-slot.tsx';
import { PrivateKeyProvider } from './private-key-provider.tsx';

const WHAT =
  "Without this key you can't edit, delete or find this post once this tab closes. It is not linked to your name or e-mail.";

/** A page: the fallback at the top, then two replies, each followed by its slot. */
function Page({ replies }: { replies: number[] }) {
  return (
    <PrivateKeyProvider>
      <KeepAccessFallback />
      <ul>
        {replies.map((id) => (
          <li key={id} data-testid={`reply-${id}`}>
            <p>Reply {id}</p>
            <KeepAccessSlot type="answer" id={id} />
          </li>
        ))}
      </ul>
    </PrivateKeyProvider>
  );
}

const panel = () =>
  screen.findByRole('complementary', { name: 'Keep access to this post' }, { timeout: 3000 });

describe('the offer to keep the key', () => {
  it('says what the key is, in the flow right after the new post', async () => {
    getSessionId();
    renderWithApp(<Page replies={[1, 2]} />);
    act(() => announceAnonymousPost({ type: 'answer', id: 2 }));
    const offer = await panel();
    expect(offer.textContent).toContain(WHAT);
    expect(screen.getByTestId('reply-2').contains(offer)).toBe(true);
    expect(screen.getByTestId('reply-1').contains(offer)).toBe(false);
    expect(offer.previousElementSibling?.textContent).toBe('Reply 2');
  });

  it('goes to the top of the page when no page shown holds the post', async () => {
    getSessionId();
    renderWithApp(<Page replies={[1]} />);
    act(() => announceAnonymousPost({ type: 'question', id: 9 }));
    const offer = await panel();
    expect(screen.getByTestId('reply-1').contains(offer)).toBe(false);
    expect(offer.nextElementSibling?.tagName).toBe('UL');
  });

  it('is offered once per tab, and Done closes it', async () => {
    getSessionId();
    renderWithApp(<Page replies={[1, 2]} />);
    act(() => announceAnonymousPost({ type: 'answer', id: 1 }));
    const offer = await panel();
    act(() => screen.getByRole('button', { name: 'Done' }).click());
    expect(offer.isConnected).toBe(false);
    act(() => announceAnonymousPost({ type: 'answer', id: 2 }));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});
