import type { AnswerNode } from '@dating/contract';
import { describe, expect, it } from 'vitest';
import { answerNode } from '../../../test/answer-node.ts';
import {
  BRANCH_VISIBLE,
  countReplies,
  initialThreadView,
  pathTo,
  reveal,
  revealedIn,
  splitList,
} from './thread-view.ts';

let nextId = 1;
function node(replies: AnswerNode[] = []): AnswerNode {
  return answerNode({ id: nextId++, text: 'x', author_label: 'Anon 1', replies });
}

/** A chain of `levels` replies, each the only reply of the one above; returns [top, leaf]. */
function chain(levels: number): [AnswerNode, AnswerNode] {
  const leaf = node();
  let top = leaf;
  for (let i = 1; i < levels; i++) top = node([top]);
  return [top, leaf];
}

describe('thread view', () => {
  it('counts every reply of some branches, at any depth', () => {
    const [top] = chain(4);
    expect(countReplies([top, node()])).toBe(5);
    expect(countReplies([])).toBe(0);
  });

  it('finds the path from the top level to a reply', () => {
    const [top, leaf] = chain(3);
    const other = node();
    expect(pathTo([other, top], leaf.id)?.map((n) => n.id)).toEqual([
      top.id,
      top.replies[0]?.id,
      leaf.id,
    ]);
    expect(pathTo([other], leaf.id)).toBeNull();
  });

  it(`shows ${BRANCH_VISIBLE} replies of a longer list until it is opened`, () => {
    const replies = Array.from({ length: 7 }, () => node());
    const view = initialThreadView();
    expect(splitList(replies, 99, view).shown).toHaveLength(BRANCH_VISIBLE);
    expect(splitList(replies, 99, view).hidden).toHaveLength(2);
    const opened = { ...view, openLists: new Set([99]) };
    expect(splitList(replies, 99, opened).hidden).toHaveLength(0);
    expect(splitList(replies.slice(0, 5), 99, view).hidden).toHaveLength(0);
  });

  it('reveals a reply deeper than 4 levels, and only the replies above it', () => {
    const [top, leaf] = chain(7);
    const view = reveal(initialThreadView(), [top], leaf.id);
    const path = pathTo([top], leaf.id)?.map((n) => n.id);
    expect([...view.revealed]).toEqual(path);
    expect(view.openBranches.size).toBe(0);
    const level4 = pathTo([top], leaf.id)?.[3] as AnswerNode;
    const sibling = node();
    const replies = [sibling, ...level4.replies];
    expect(revealedIn(replies, view).map((n) => n.id)).toEqual([level4.replies[0]?.id]);
  });

  it('reveals a reply hidden in a long list, the rest of the list staying folded', () => {
    const replies = Array.from({ length: 8 }, () => node());
    const parent = node(replies);
    const view = reveal(initialThreadView(), [parent], (replies[6] as AnswerNode).id);
    expect(view.openLists.size).toBe(0);
    const { shown, hidden } = splitList(replies, parent.id, view);
    expect(shown.map((n) => n.id)).toEqual([...replies.slice(0, 5), replies[6]].map((n) => n?.id));
    expect(hidden.map((n) => n.id)).toEqual([replies[5]?.id, replies[7]?.id]);
  });

  it('leaves the view alone for an unknown reply', () => {
    const view = initialThreadView();
    expect(reveal(view, [node()], 123456)).toBe(view);
  });
});
