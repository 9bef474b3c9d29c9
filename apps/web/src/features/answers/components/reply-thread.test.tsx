import type { AnswerNode } from '@dating/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getSessionId } from '../../../lib/storage.ts';
import { AUTHOR_RIGHTS, answerNode } from '../../../test/answer-node.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ReplyThread } from './reply-thread.tsx';

let nextId = 1;
function answer(fields: Partial<AnswerNode> = {}): AnswerNode {
  return answerNode({ id: nextId++, created_at: new Date().toISOString(), ...fields });
}

beforeEach(() => {
  nextId = 1;
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The API answers every call with this page. */
function serve(page: { answers: AnswerNode[]; answers_next: string | null }) {
  return vi
    .spyOn(window, 'fetch')
    .mockImplementation(async () =>
      Response.json(page, { headers: { 'Content-Type': 'application/json' } }),
    );
}

describe('ReplyThread', () => {
  it('says so when there are no replies', () => {
    renderWithApp(<ReplyThread questionId={1} answers={[]} onReport={() => {}} />);
    expect(screen.getByText('No replies yet.')).toBeTruthy();
  });

  it('nests replies one list per level (each level is indented 24 px: see the e2e spec)', () => {
    const deep = answer({ text: 'level 2' });
    const mid = answer({ text: 'level 1', replies: [deep] });
    const top = answer({ text: 'level 0', replies: [mid] });
    const other = answer({ text: 'another top' });
    renderWithApp(<ReplyThread questionId={1} answers={[top, other]} onReport={() => {}} />);

    const listDepth = (text: string) =>
      screen.getByText(text).closest('ul')?.getAttribute('data-depth');
    expect(listDepth('level 0')).toBe('0');
    expect(listDepth('another top')).toBe('0');
    expect(listDepth('level 1')).toBe('1');
    expect(listDepth('level 2')).toBe('2');
    expect(screen.getByText('level 2').closest('article')?.dataset.depth).toBe('2');
  });

  it('loads the next page of top-level replies with Load more replies', async () => {
    const user = userEvent.setup();
    const first = Array.from({ length: 3 }, (_, i) => answer({ text: `top ${i}` }));
    const rest = Array.from({ length: 2 }, (_, i) => answer({ text: `later ${i}` }));
    const fetch = serve({ answers: rest, answers_next: null });
    renderWithApp(
      <ReplyThread
        questionId={1}
        answers={first}
        answersNext="/api/questions/1/answers/?cursor=abc"
        onReport={() => {}}
      />,
    );
    expect(screen.getAllByTestId('answer')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Load more replies' }));
    expect(await screen.findByText('later 1')).toBeTruthy();
    expect(screen.getAllByTestId('answer')).toHaveLength(5);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/questions/1/answers/?cursor=abc');
    expect(screen.queryByRole('button', { name: 'Load more replies' })).toBeNull();
  });

  it('loads the rest of replies a page cut with Show N more replies', async () => {
    const user = userEvent.setup();
    const parent = answer({
      replies: [answer({ parent_id: 1, text: 'shown reply' })],
      replies_more: 2,
      replies_next: '/api/questions/1/answers/?cursor=more',
    });
    serve({
      answers: [answer({ parent_id: 1, text: 'cut 1' }), answer({ parent_id: 1, text: 'cut 2' })],
      answers_next: null,
    });
    renderWithApp(<ReplyThread questionId={1} answers={[parent]} onReport={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Show 2 more replies' }));
    expect(await screen.findByText('cut 2')).toBeTruthy();
    expect(screen.getAllByTestId('answer')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /more repl/ })).toBeNull();
  });

  it('shows a reply posted here though its page is not loaded', async () => {
    const first = [answer({ text: 'on the first page' })];
    const posted = answer({ text: 'posted just now' });
    const { queryClient } = renderWithApp(
      <ReplyThread
        questionId={1}
        answers={first}
        answersNext="/api/questions/1/answers/?cursor=abc"
        onReport={() => {}}
      />,
    );
    act(() => queryClient.setQueryData(queryKeys.postedReplies(1), [posted]));
    expect(await screen.findByText('posted just now')).toBeTruthy();
  });

  it('collapses a branch deeper than 4 levels behind Show N more replies', async () => {
    const user = userEvent.setup();
    let node = answer({ text: 'level 6' });
    for (let level = 5; level >= 1; level--) {
      node = answer({ text: `level ${level}`, replies: [node] });
    }
    renderWithApp(<ReplyThread questionId={1} answers={[node]} onReport={() => {}} />);
    expect(screen.getByText('level 4')).toBeTruthy();
    expect(screen.queryByText('level 5')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show 2 more replies' }));
    expect(screen.getByText('level 5')).toBeTruthy();
    expect(screen.getByText('level 6')).toBeTruthy();
  });

  it('collapses a list longer than 5 replies behind Show N more replies', async () => {
    const user = userEvent.setup();
    const children = Array.from({ length: 8 }, (_, i) =>
      answer({ text: `child ${i}`, replies: i === 7 ? [answer({ text: 'grandchild' })] : [] }),
    );
    const parent = answer({ text: 'parent', replies: children });
    renderWithApp(<ReplyThread questionId={1} answers={[parent]} onReport={() => {}} />);
    expect(screen.getByText('child 4')).toBeTruthy();
    expect(screen.queryByText('child 5')).toBeNull();
    // Three hidden replies and the one below them.
    await user.click(screen.getByRole('button', { name: 'Show 4 more replies' }));
    expect(screen.getByText('child 7')).toBeTruthy();
    expect(screen.getByText('grandchild')).toBeTruthy();
  });

  it('opens whatever hides a reply just posted and focuses it', () => {
    let node = answer({ text: 'level 6' });
    const newId = node.id;
    for (let level = 5; level >= 1; level--) {
      node = answer({ text: `level ${level}`, replies: [node] });
    }
    const many = Array.from({ length: 25 }, (_, i) => answer({ text: `top ${i}` }));
    const { rerender } = renderWithApp(
      <ReplyThread questionId={1} answers={[...many, node]} onReport={() => {}} />,
    );
    expect(screen.queryByText('level 6')).toBeNull();
    rerender(
      <ReplyThread questionId={1} answers={[...many, node]} onReport={() => {}} revealId={newId} />,
    );
    const article = screen.getByText('level 6').closest('article');
    expect(article?.id).toBe(`answer-${newId}`);
    expect(document.activeElement).toBe(article);
  });

  it('draws Edit, Delete, Reply and Report from what the server says the viewer may do', () => {
    const mine = answer({ text: 'mine', session_id: getSessionId(), can: AUTHOR_RIGHTS });
    const theirs = answer({ text: 'theirs' });
    // An admin's view of another's reply: the server lets them delete it, but the page shows
    // Delete to the owner only (the specification); moderation deletes it.
    const moderated = answer({
      text: 'moderated',
      can: { edit: false, delete: true, reply: true, report: true },
    });
    // Hidden, as its author gets it: whole, with the marker and the author's rights.
    const hiddenMine = answer({
      text: 'hidden but mine',
      hidden: true,
      session_id: getSessionId(),
      can: AUTHOR_RIGHTS,
    });
    const buttons = (text: string) => {
      const card = screen.getByText(text).closest('article') as HTMLElement;
      return within(card)
        .queryAllByRole('button')
        .map((button) => button.textContent?.trim())
        .filter(
          (name) => name === 'Edit' || name === 'Delete' || name === 'Reply' || name === 'Report',
        );
    };
    // Signed in as an admin: the app adds nothing of its own to what `can` says.
    renderWithApp(
      <ReplyThread
        questionId={1}
        answers={[mine, theirs, moderated, hiddenMine]}
        onReport={() => {}}
      />,
      {
        is_authenticated: true,
        user: { id: 9, username: 'admin', is_staff: true, is_moderator: false },
        silenced: null,
      },
    );
    expect(buttons('mine')).toEqual(['Reply', 'Edit', 'Delete']);
    expect(buttons('theirs')).toEqual(['Reply', 'Report']);
    expect(buttons('moderated')).toEqual(['Reply', 'Report']);
    expect(buttons('hidden but mine')).toEqual(['Reply', 'Edit', 'Delete']);
  });

  it("shows '(yours)' only on the visitor's own replies", () => {
    const mine = answer({ text: 'mine', session_id: getSessionId(), can: AUTHOR_RIGHTS });
    const theirs = answer({ text: 'theirs' });
    renderWithApp(<ReplyThread questionId={1} answers={[mine, theirs]} onReport={() => {}} />);
    const yours = (text: string) =>
      within(screen.getByText(text).closest('article') as HTMLElement).queryByText('(yours)');
    expect(yours('mine')).not.toBeNull();
    expect(yours('theirs')).toBeNull();
  });

  it('a reply hidden from the viewer is a one-line notice without actions, even for an admin', () => {
    const child = answer({ text: 'still here' });
    const hidden = answer({
      text: 'This reply is hidden while moderators review it.',
      hidden: true,
      can: { edit: false, delete: false, reply: false, report: false },
      replies: [child],
    });
    renderWithApp(<ReplyThread questionId={1} answers={[hidden]} onReport={() => {}} />, {
      is_authenticated: true,
      user: { id: 9, username: 'admin', is_staff: true, is_moderator: false },
      silenced: null,
    });
    const card = screen.getByTestId('answer-hidden');
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('still here')).toBeTruthy();
  });

  it('a deleted reply is a placeholder without actions, its replies stay', () => {
    const child = answer({ text: 'still here' });
    const gone = answer({ text: '[deleted]', is_deleted: true, replies: [child] });
    renderWithApp(<ReplyThread questionId={1} answers={[gone]} onReport={() => {}} />);
    const card = screen.getByText('[deleted]').closest('article') as HTMLElement;
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('still here')).toBeTruthy();
  });

  it('opens one reply box and one inline edit at a time', async () => {
    const user = userEvent.setup();
    const session = getSessionId();
    const a = answer({ text: 'first', session_id: session, can: AUTHOR_RIGHTS });
    const b = answer({ text: 'second', session_id: session, can: AUTHOR_RIGHTS });
    renderWithApp(<ReplyThread questionId={1} answers={[a, b]} onReport={() => {}} />);
    const [replyA, replyB] = screen.getAllByRole('button', { name: 'Reply' });
    await user.click(replyA as HTMLElement);
    expect(screen.getAllByRole('button', { name: 'Submit Reply' })).toHaveLength(1);
    await user.click(replyB as HTMLElement);
    expect(screen.getAllByRole('button', { name: 'Submit Reply' })).toHaveLength(1);
    expect(replyB?.getAttribute('aria-expanded')).toBe('true');
    await user.click(replyB as HTMLElement);
    expect(screen.queryByRole('button', { name: 'Submit Reply' })).toBeNull();

    const [editA, editB] = screen.getAllByRole('button', { name: 'Edit' });
    await user.click(editA as HTMLElement);
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    await user.click(editB as HTMLElement);
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    expect((screen.getByLabelText('Edit reply') as HTMLTextAreaElement).value).toBe('second');
  });

  it("an empty nested reply says 'Reply cannot be empty.'", async () => {
    const user = userEvent.setup();
    renderWithApp(<ReplyThread questionId={1} answers={[answer()]} onReport={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your reply'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Reply' }));
    expect(await screen.findByText('Reply cannot be empty.')).toBeTruthy();
  });

  it("on the owner page a nested reply needs sign-in: 'Please sign in to reply.'", async () => {
    const user = userEvent.setup();
    renderWithApp(
      <ReplyThread questionId={1} answers={[answer()]} onReport={() => {}} ownerPage />,
    );
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your reply'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Submit Reply' }));
    expect(await screen.findByText('Please sign in to reply.')).toBeTruthy();
  });
});
