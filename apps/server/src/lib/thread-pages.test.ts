import type { AnswerNode } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { PAGE_ANSWERS, PAGE_BRANCHES, PAGE_TEXT_BYTES, pageOf } from './thread-pages.ts';

const node = (id: number, replies: AnswerNode[] = [], fields: Partial<AnswerNode> = {}) =>
  ({ id, text: `a${id}`, helpful: false, replies, ...fields }) as AnswerNode;
const ids = (nodes: readonly AnswerNode[]) => nodes.map((n) => n.id);
const count = (nodes: readonly AnswerNode[]): number =>
  nodes.reduce((sum, n) => sum + 1 + count(n.replies), 0);
const at = (parent: number, after: number | null) => `/replies/${parent}/${after ?? '-'}`;

describe('pageOf', () => {
  it(`takes ${PAGE_BRANCHES} branches, then says where the next page starts`, () => {
    const roots = Array.from({ length: 120 }, (_, i) => node(i + 1));
    const first = pageOf(roots, null, true, at);
    expect(ids(first.answers)).toEqual(ids(roots.slice(0, PAGE_BRANCHES)));
    expect(first.next).toEqual({ id: PAGE_BRANCHES, helped: false });
    const second = pageOf(roots, first.next, true, at);
    expect(second.answers[0]?.id).toBe(PAGE_BRANCHES + 1);
    const third = pageOf(roots, second.next, true, at);
    expect(third.answers.at(-1)?.id).toBe(120);
    expect(third.next).toBeNull();
  });

  it('fills replies breadth first and says what it cut, and where the rest is', () => {
    const wide = (from: number) => Array.from({ length: 60 }, (_, i) => node(from + i));
    const roots = [node(1, wide(100)), node(2, wide(200)), node(3, wide(300))];
    const page = pageOf(roots, null, true, at);
    expect(count(page.answers)).toBe(PAGE_ANSWERS);
    const [a, b, c] = page.answers as [AnswerNode, AnswerNode, AnswerNode];
    expect([a.replies.length, a.replies_more]).toEqual([60, undefined]);
    expect([b.replies.length, b.replies_more, b.replies_next]).toEqual([37, 23, at(2, 236)]);
    expect([c.replies.length, c.replies_more, c.replies_next]).toEqual([0, 60, at(3, null)]);
    // The cut replies' page: after the last one shown.
    const rest = pageOf((roots[1] as AnswerNode).replies, { id: 236, helped: false }, false, at);
    expect(rest.answers[0]?.id).toBe(237);
    expect(rest.next).toBeNull();
    // The given tree is left as it was.
    expect((roots[1] as AnswerNode).replies).toHaveLength(60);
  });

  it('keeps the helped branches first across pages', () => {
    const roots = [
      node(70, [node(71, [], { helpful: true })]),
      node(90, [], { helpful: true }),
      ...Array.from({ length: 60 }, (_, i) => node(i + 1)),
    ];
    const first = pageOf(roots, null, true, at);
    expect(ids(first.answers).slice(0, 3)).toEqual([70, 90, 1]);
    expect(first.next).toEqual({ id: 48, helped: false });
    const after90 = pageOf(roots, { id: 90, helped: true }, true, at);
    expect(after90.answers[0]?.id).toBe(1);
    const after70 = pageOf(roots, { id: 70, helped: true }, true, at);
    expect(after70.answers[0]?.id).toBe(90);
  });

  it('stops at the text bound, but always takes one branch', () => {
    const big = 'x'.repeat(PAGE_TEXT_BYTES);
    const roots = [node(1, [], { text: big }), node(2, [], { text: big })];
    const first = pageOf(roots, null, true, at);
    expect(ids(first.answers)).toEqual([1]);
    expect(pageOf(roots, first.next, true, at).answers[0]?.id).toBe(2);
  });
});
