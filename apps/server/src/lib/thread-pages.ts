/**
 * A long thread in pages, so that no response grows with the thread (a 10,000-answer one
 * was one 2.8 MB response). A page is a run of sibling branches, in the thread's order:
 * at most `PAGE_BRANCHES` of them, and at most `PAGE_ANSWERS` answers and `PAGE_TEXT_BYTES`
 * of text (UTF-8) counting what is shown of their replies: with each answer's other fields
 * (about 270 bytes of JSON) a page stays under 100 KB whatever the texts, but for a single
 * answer longer than that. A page always holds at least its first branch (so every page
 * moves on), and its replies are filled breadth first: every branch shows its first levels
 * before any goes deeper.
 *
 * An answer whose replies are cut keeps the first ones, in order, and says how many of its
 * direct replies are left out (`replies_more`) and where they are (`replies_next`, a page
 * of that answer's replies, cut the same way). Where the page stops, `next` says where the
 * following one starts.
 *
 * Positions are keysets, not offsets: the top level comes helped branches first, each group
 * by id (lib/helped-first.ts), replies by id (lib/answer-tree.ts), so a position is "after
 * this id, in this group", and answers posted meanwhile (the highest ids) come last, not
 * twice. Pure: the tree in, new nodes out (the given ones may be a cache's, shared).
 */
import type { AnswerNode } from '@dating/contract';
import { holdsHelped } from './helped-first.ts';

export const PAGE_BRANCHES = 50;
export const PAGE_ANSWERS = 100;
export const PAGE_TEXT_BYTES = 48_000;

/** Where a page starts among siblings: after this one (a top-level one with its group). */
export interface PagePosition {
  id: number;
  helped: boolean;
}

export interface ThreadPage {
  answers: AnswerNode[];
  /** Where the next page of these siblings starts; null on the last page. */
  next: PagePosition | null;
}

/** The address of the page of an answer's replies after the reply `after` (null: all). */
export type RepliesAddress = (parent: number, after: number | null) => string;

/** Siblings' sort key: the top level by group (helped first), then by id; replies by id. */
function keyOf(node: AnswerNode, topLevel: boolean): PagePosition {
  return { id: node.id, helped: topLevel && holdsHelped(node) };
}

function isAfter(key: PagePosition, position: PagePosition): boolean {
  if (key.helped !== position.helped) return position.helped;
  return key.id > position.id;
}

/** The index of the first sibling after `position` (binary search: siblings are sorted). */
function startOf(
  siblings: readonly AnswerNode[],
  position: PagePosition | null,
  topLevel: boolean,
) {
  if (position === null) return 0;
  let low = 0;
  let high = siblings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (isAfter(keyOf(siblings[middle] as AnswerNode, topLevel), position)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The page of `siblings` (the thread's top level when `topLevel`, else one answer's
 * replies) that starts after `position`.
 */
export function pageOf(
  siblings: readonly AnswerNode[],
  position: PagePosition | null,
  topLevel: boolean,
  repliesAt: RepliesAddress,
): ThreadPage {
  const start = startOf(siblings, position, topLevel);
  let answers = 0;
  let text = 0;
  const bytesOf = (node: AnswerNode) => Buffer.byteLength(node.text);
  const fits = (node: AnswerNode) =>
    answers < PAGE_ANSWERS && (answers === 0 || text + bytesOf(node) <= PAGE_TEXT_BYTES);
  const take = (node: AnswerNode): AnswerNode => {
    answers += 1;
    text += bytesOf(node);
    const { replies_more: _more, replies_next: _next, ...fields } = node;
    return { ...fields, replies: [] };
  };

  const page: AnswerNode[] = [];
  const queue: [AnswerNode, AnswerNode][] = [];
  let index = start;
  for (; index < siblings.length && page.length < PAGE_BRANCHES; index += 1) {
    const node = siblings[index] as AnswerNode;
    if (!fits(node)) break;
    const copy = take(node);
    page.push(copy);
    queue.push([node, copy]);
  }
  // Breadth first: the queue grows while it is walked, and every node taken is in it.
  for (let at = 0; at < queue.length; at += 1) {
    const [node, copy] = queue[at] as [AnswerNode, AnswerNode];
    for (const reply of node.replies) {
      if (!fits(reply)) break;
      const taken = take(reply);
      copy.replies.push(taken);
      queue.push([reply, taken]);
    }
    const left = node.replies.length - copy.replies.length;
    if (left > 0) {
      copy.replies_more = left;
      copy.replies_next = repliesAt(node.id, copy.replies.at(-1)?.id ?? null);
    }
  }
  const last = page.at(-1);
  return {
    answers: page,
    next:
      index < siblings.length && last !== undefined
        ? keyOf(siblings[index - 1] as AnswerNode, topLevel)
        : null,
  };
}

/** The answer of this id anywhere in the tree, walking it with an explicit stack. */
export function findNode(roots: readonly AnswerNode[], id: number): AnswerNode | null {
  const stack = [...roots];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.id === id) return node;
    for (const reply of node.replies) stack.push(reply);
  }
  return null;
}
