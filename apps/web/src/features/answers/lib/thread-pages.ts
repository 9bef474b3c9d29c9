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

export function mergeThread({ top, moreReplies, posted }: ThreadParts): AnswerNode[] {
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
  if (missing.length === 0) return merged;
  // New objects from the root down to each parent that gains a reply.
  const under = new Map<number, AnswerNode[]>();
  const atEnd: AnswerNode[] = [];
  for (const answer of missing) {
    if (seen.has(answer.id)) continue;
    seen.add(answer.id);
    const parent = answer.parent_id;
    if (parent !== null && nodes.has(parent))
      under.set(parent, [...(under.get(parent) ?? []), answer]);
    else atEnd.push(answer);
  }
  const withPosted = (list: readonly AnswerNode[]): AnswerNode[] =>
    list.map((node) => {
      const replies = withPosted(node.replies);
      const added = under.get(node.id);
      const changed = added !== undefined || replies.some((r, i) => r !== node.replies[i]);
      return changed ? { ...node, replies: [...replies, ...(added ?? [])] } : node;
    });
  return [...(under.size > 0 ? withPosted(merged) : merged), ...atEnd];
}
