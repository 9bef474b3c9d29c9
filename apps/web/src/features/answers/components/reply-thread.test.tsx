import type { AnswerNode } from '@dating/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSessionId } from '../../../lib/storage.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ReplyThread } from './reply-thread.tsx';

let nextId = 1;
function answer(fields: Partial<AnswerNode> = {}): AnswerNode {
  const id = nextId++;
  return {
    id,
    question: 1,
    parent_id: null,
    text: `Answer ${id}`,
    likes: 0,
    liked: false,
    gender: 'U',
    age_range: 'U',
    user: null,
    session_id: null,
    is_deleted: false,
    author_label: `Anon ${id}`,
    created_at: new Date().toISOString(),
    helpful: false,
    replies: [],
    ...fields,
  };
}

beforeEach(() => {
  nextId = 1;
});

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

  it('shows top-level replies 20 at a time', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 45 }, (_, i) => answer({ text: `top ${i}` }));
    renderWithApp(<ReplyThread questionId={1} answers={many} onReport={() => {}} />);
    expect(screen.getAllByTestId('answer')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more replies' }));
    expect(screen.getAllByTestId('answer')).toHaveLength(40);
    await user.click(screen.getByRole('button', { name: 'Show more replies' }));
    expect(screen.getAllByTestId('answer')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Show more replies' })).toBeNull();
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

  it("shows '(yours)', Edit and Delete only on the visitor's own replies", () => {
    const mine = answer({ text: 'mine', session_id: getSessionId() });
    const theirs = answer({ text: 'theirs' });
    const byUser = answer({ text: 'signed in', user: 5 });
    const expectOwn = (text: string, own: boolean) => {
      const card = screen.getByText(text).closest('article') as HTMLElement;
      expect(within(card).queryByText('(yours)') !== null, text).toBe(own);
      expect(within(card).queryByRole('button', { name: 'Edit' }) !== null, text).toBe(own);
      expect(within(card).queryByRole('button', { name: 'Delete' }) !== null, text).toBe(own);
      expect(within(card).getByRole('button', { name: 'Reply' })).toBeTruthy();
      // Nobody may report their own post: the button is only on others'.
      expect(within(card).queryByRole('button', { name: 'Report' }) !== null, text).toBe(!own);
    };
    // Signed out, the tab's session owns its replies.
    const signedOut = renderWithApp(
      <ReplyThread questionId={1} answers={[mine, theirs, byUser]} onReport={() => {}} />,
    );
    expectOwn('mine', true);
    expectOwn('theirs', false);
    expectOwn('signed in', false);
    signedOut.unmount();
    // Signed in, the account owns its replies, and the tab's session counts for nothing.
    renderWithApp(
      <ReplyThread questionId={1} answers={[mine, theirs, byUser]} onReport={() => {}} />,
      { is_authenticated: true, user: { id: 5, username: 'sam', is_staff: false } },
    );
    expectOwn('signed in', true);
    expectOwn('mine', false);
    expectOwn('theirs', false);
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
    const a = answer({ text: 'first', session_id: session });
    const b = answer({ text: 'second', session_id: session });
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
