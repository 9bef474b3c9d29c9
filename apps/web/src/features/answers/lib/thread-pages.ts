/**
 * A long thread as the page shows it, put together from what the server sent in pages
 * (the question's first page, the following ones, the rest of an answer's cut replies)
 * and the replies posted from this tab. Pages can overlap once the thread changes under
 * them (a reply marked "This helped" moves up): an answer shows once, where it first came.
 * A reply posted here and not in any loaded page shows anyway: under its parent when that
 * is shown, else at the end. Pure.
 */
import type { AnswerNode } from '@dating/contract';

export interface ThreadParts {
  /** The top-level answers of the pages loaded, in order. */
  top: readonly AnswerNode[];
  /** The replies loaded past an answer's cut (`replies_next`), by that answer's id. */
  moreReplies: ReadonlyMap<number, readonly AnswerNode[]>;
  /** Replies posted from this tab, oldest first. */
  posted: readonly AnswerNode[];
}

export function mergeThread(parts: ThreadParts): AnswerNode[] {
  const { placed, unplaced } = mergeThreadParts(parts);
  return unplaced.length === 0 ? placed : [...placed, ...unplaced];
}

/**
 * The thread as `mergeThread` puts it together, in two parts: what has its place among the
 * pages loaded, and the replies posted here that have none yet (their place is on a page
 * not loaded, or under a parent that is not), which go at the end.
 */
export function mergeThreadParts({ top, moreReplies, posted }: ThreadParts): {
  placed: AnswerNode[];
  unplaced: AnswerNode[];
} {
  const seen = new Set<number>();
  const nodes = new Map<number, AnswerNode>();
  const build = (list: readonly AnswerNode[]): AnswerNode[] => {
    const out: AnswerNode[] = [];
    for (const node of list) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      const more = moreReplies.get(node.id);
      const replies = build(more ? [...node.replies, ...more] : node.replies);
      const same =
        replies.length === node.replies.length && replies.every((r, i) => r === node.replies[i]);
      const built = same ? node : { ...node, replies };
      nodes.set(node.id, built);
      out.push(built);
    }
    return out;
  };
  const merged = build(top);
  const missing = posted.filter((answer) => !seen.has(answer.id));
  if (missing.length === 0) return { placed: merged, unplaced: [] };
  // A reply posted here to another one posted here that has no place yet goes under it,
  // at its own depth (not beside it at the end).
  const missingIds = new Set(missing.map((answer) => answer.id));
  const postedUnder = new Map<number, AnswerNode[]>();
  for (const answer of missing) {
    const parent = answer.parent_id;
    if (parent !== null && !nodes.has(parent) && missingIds.has(parent) && parent !== answer.id)
      postedUnder.set(parent, [...(postedUnder.get(parent) ?? []), answer]);
  }
  const nested = new Set([...postedUnder.values()].flat().map((answer) => answer.id));
  const grow = (answer: AnswerNode, depth = 0): AnswerNode => {
    const below = depth < 64 ? postedUnder.get(answer.id) : undefined;
    if (!below) return answer;
    const fresh = below.filter((reply) => !answer.replies.some((r) => r.id === reply.id));
    return {
      ...answer,
      replies: [...answer.replies, ...fresh.map((reply) => grow(reply, depth + 1))],
    };
  };
  // New objects from the root down to each parent that gains a reply.
  const under = new Map<number, AnswerNode[]>();
  const atEnd: AnswerNode[] = [];
  for (const answer of missing) {
    if (seen.has(answer.id) || nested.has(answer.id)) continue;
    seen.add(answer.id);
    const parent = answer.parent_id;
    const grown = grow(answer);
    if (parent !== null && nodes.has(parent))
      under.set(parent, [...(under.get(parent) ?? []), grown]);
    else atEnd.push(grown);
  }
  const withPosted = (list: readonly AnswerNode[]): AnswerNode[] =>
    list.map((node) => {
      const replies = withPosted(node.replies);
      const added = under.get(node.id);
      const changed = added !== undefined || replies.some((r, i) => r !== node.replies[i]);
      return changed ? { ...node, replies: [...replies, ...(added ?? [])] } : node;
    });
  return { placed: under.size > 0 ? withPosted(merged) : merged, unplaced: atEnd };
}
