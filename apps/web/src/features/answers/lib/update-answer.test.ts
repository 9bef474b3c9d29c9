import type { AnswerNode } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { patchAnswers, removeAnswer, updateAnswer } from './update-answer.ts';

let nextId = 1;
function node(replies: AnswerNode[] = []): AnswerNode {
  return {
    id: nextId++,
    question: 1,
    parent_id: null,
    text: 'x',
    likes: 0,
    liked: false,
    helpful: false,
    gender: 'U',
    age_range: 'U',
    user: null,
    session_id: null,
    is_deleted: false,
    can: { edit: false, delete: false, reply: true, report: true },
    author_label: 'Anon 1',
    created_at: '2026-01-01T00:00:00Z',
    edited_at: null,
    replies,
  };
}

describe('updateAnswer', () => {
  it('changes a deep answer, copying only the path to it', () => {
    const deep = node();
    const middle = node([deep]);
    const other = node();
    const thread = [node([middle]), other];
    const next = updateAnswer(thread, deep.id, (a) => ({ ...a, liked: true, likes: 1 }));
    expect(next[0]?.replies[0]?.replies[0]).toMatchObject({ id: deep.id, liked: true, likes: 1 });
    expect(next[1]).toBe(other);
    expect(thread[0]?.replies[0]?.replies[0]).toBe(deep);
    expect(deep.liked).toBe(false);
  });

  it('gives the same thread back when the id is not in it', () => {
    const thread = [node([node()])];
    expect(updateAnswer(thread, 99_999, (a) => ({ ...a, liked: true }))).toBe(thread);
  });
});

describe('patchAnswers and removeAnswer', () => {
  const leaf = (id: number, replies: AnswerNode[] = []) =>
    ({ id, text: `a${id}`, replies }) as unknown as AnswerNode;

  it('changes the answers of a detail, a page and pages of pages, and nothing else', () => {
    const drop2 = (nodes: AnswerNode[]) => removeAnswer(nodes, 2);
    const detail = { id: 9, answers: [leaf(1, [leaf(2)]), leaf(3)] };
    expect(patchAnswers(detail, drop2)).toEqual({ id: 9, answers: [leaf(1), leaf(3)] });
    const pages = { pages: [{ answers: [leaf(4)] }, { answers: [leaf(2)] }], pageParams: [] };
    expect(patchAnswers(pages, drop2)).toEqual({
      pages: [{ answers: [leaf(4)] }, { answers: [] }],
      pageParams: [],
    });
    const untouched = { answers: [leaf(5)] };
    expect(patchAnswers(untouched, drop2)).toBe(untouched);
    expect(patchAnswers(undefined, drop2)).toBeUndefined();
    expect(patchAnswers({ other: 1 }, drop2)).toEqual({ other: 1 });
  });
});
