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
    gender: 'U',
    age_range: 'U',
    user: null,
    session_id: null,
    is_deleted: false,
    created_at: new Date().toISOString(),
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

  it('nests replies, indented 24 px per level', () => {
    const deep = answer({ text: 'level 2' });
    const mid = answer({ text: 'level 1', replies: [deep] });
    const top = answer({ text: 'level 0', replies: [mid] });
    const other = answer({ text: 'another top' });
    renderWithApp(<ReplyThread questionId={1} answers={[top, other]} onReport={() => {}} />);

    const depthOf = (text: string) => {
      let indent = 0;
      let node: HTMLElement | null = screen.getByText(text);
      while (node) {
        if (node.tagName === 'UL' && node.classList.contains('nested')) {
          expect(node.style.paddingInlineStart).toBe('24px');
          indent += 24;
        }
        node = node.parentElement;
      }
      return indent;
    };
    expect(depthOf('level 0')).toBe(0);
    expect(depthOf('another top')).toBe(0);
    expect(depthOf('level 1')).toBe(24);
    expect(depthOf('level 2')).toBe(48);
    expect(screen.getByText('level 2').closest('article')?.dataset.depth).toBe('2');
  });

  it("shows '(yours)', Edit and Delete only on the visitor's own replies", () => {
    const mine = answer({ text: 'mine', session_id: getSessionId() });
    const theirs = answer({ text: 'theirs' });
    const byUser = answer({ text: 'signed in', user: 5 });
    renderWithApp(
      <ReplyThread questionId={1} answers={[mine, theirs, byUser]} onReport={() => {}} />,
      {
        is_authenticated: true,
        user: { id: 5, username: 'sam', is_staff: false },
      },
    );
    for (const text of ['mine', 'signed in']) {
      const card = screen.getByText(text).closest('article') as HTMLElement;
      expect(within(card).getByText('(yours)')).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Edit' })).toBeTruthy();
      expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
    }
    const card = screen.getByText('theirs').closest('article') as HTMLElement;
    expect(within(card).queryByText('(yours)')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Reply' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Report' })).toBeTruthy();
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
