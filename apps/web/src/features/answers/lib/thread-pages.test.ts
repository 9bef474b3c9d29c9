import type { AnswerNode } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { mergeThread } from './thread-pages.ts';

const node = (id: number, parent: number | null = null, replies: AnswerNode[] = []) =>
  ({ id, parent_id: parent, text: `a${id}`, replies }) as AnswerNode;
const shape = (nodes: readonly AnswerNode[]): unknown[] =>
  nodes.map((n) => (n.replies.length > 0 ? [n.id, shape(n.replies)] : n.id));
const none = new Map<number, AnswerNode[]>();

describe('mergeThread', () => {
  it('puts pages together, each answer once, where it first came', () => {
    const top = [node(1), node(2), node(2), node(3)];
    expect(shape(mergeThread({ top, moreReplies: none, posted: [] }))).toEqual([1, 2, 3]);
  });

  it("adds the loaded rest of an answer's replies after the ones it came with", () => {
    const top = [node(1, null, [node(10, 1)])];
    const moreReplies = new Map([[1, [node(10, 1), node(11, 1, [node(12, 11)])]]]);
    expect(shape(mergeThread({ top, moreReplies, posted: [] }))).toEqual([[1, [10, [11, [12]]]]]);
  });

  it('shows a reply posted here under its parent, or at the end when the parent is not loaded', () => {
    const top = [node(1, null, [node(10, 1)]), node(2)];
    const posted = [node(20, 10), node(21, 99), node(22), node(2)];
    expect(shape(mergeThread({ top, moreReplies: none, posted }))).toEqual([
      [1, [[10, [20]]]],
      2,
      21,
      22,
    ]);
  });

  it('puts a reply to a reply posted here, neither placed yet, under its parent', () => {
    const top = [node(1)];
    const posted = [node(30, null), node(31, 30), node(32, 31), node(33, 1)];
    expect(shape(mergeThread({ top, moreReplies: none, posted }))).toEqual([
      [1, [33]],
      [30, [[31, [32]]]],
    ]);
  });

  it('leaves the thread as it was when nothing is added', () => {
    const top = [node(1, null, [node(10, 1)])];
    const merged = mergeThread({ top, moreReplies: none, posted: [node(10, 1)] });
    expect(merged[0]).toBe(top[0]);
  });
});
