/**
 * What a long thread shows at first, and what a 'Show more' opens. Top-level replies come
 * in the server's pages (./thread-pages.ts); below them, a branch deeper than 4 levels, or a
 * list longer than 5 replies, waits behind 'Show N more replies'. Pure functions over the
 * answer tree.
 */
import type { AnswerNode } from '@dating/contract';

/** Levels shown before a branch collapses (top-level replies are level 1, depth 0). */
export const VISIBLE_LEVELS = 4;
/** Replies shown in one nested list before the rest collapse. */
export const BRANCH_VISIBLE = 5;

export interface ThreadView {
  /** Replies whose whole list of replies shows (past BRANCH_VISIBLE). */
  openLists: ReadonlySet<number>;
  /** Replies below which no level collapses any more. */
  openBranches: ReadonlySet<number>;
  /**
   * Replies shown although what holds them is collapsed: one just posted (or linked to)
   * and the replies above it. The rest stays behind its 'Show N more replies'.
   */
  revealed: ReadonlySet<number>;
}

export const initialThreadView = (): ThreadView => ({
  openLists: new Set(),
  openBranches: new Set(),
  revealed: new Set(),
});

/** Every reply in these branches, at any depth. */
export function countReplies(nodes: readonly AnswerNode[]): number {
  let count = 0;
  for (const node of nodes) count += 1 + countReplies(node.replies);
  return count;
}

/** The replies from the top level down to the one with this id (inclusive), or null. */
export function pathTo(nodes: readonly AnswerNode[], id: number): AnswerNode[] | null {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.replies, id);
    if (below) return [node, ...below];
  }
  return null;
}

/** Whether the replies of a reply at `depth` collapse by depth (unless opened above). */
export function collapsesByDepth(depth: number): boolean {
  return depth + 1 >= VISIBLE_LEVELS;
}

/** The replies of a list that show, and those waiting behind 'Show N more replies'. */
export function splitList(
  replies: readonly AnswerNode[],
  parentId: number,
  view: ThreadView,
): { shown: readonly AnswerNode[]; hidden: readonly AnswerNode[] } {
  if (replies.length <= BRANCH_VISIBLE || view.openLists.has(parentId)) {
    return { shown: replies, hidden: [] };
  }
  const shown: AnswerNode[] = [];
  const hidden: AnswerNode[] = [];
  replies.forEach((reply, index) => {
    (index < BRANCH_VISIBLE || view.revealed.has(reply.id) ? shown : hidden).push(reply);
  });
  return { shown, hidden };
}

/** The replies of a branch collapsed by depth that show all the same (`revealed`). */
export function revealedIn(replies: readonly AnswerNode[], view: ThreadView): AnswerNode[] {
  return view.revealed.size === 0 ? [] : replies.filter((reply) => view.revealed.has(reply.id));
}

/**
 * The view with the reply `id` shown, and the replies above it: only they come out of the
 * lists and branches that hide them; everything else stays as it was (a long thread is not
 * opened up for one reply).
 */
export function reveal(view: ThreadView, answers: readonly AnswerNode[], id: number): ThreadView {
  const path = pathTo(answers, id);
  if (!path) return view;
  const revealed = new Set(view.revealed);
  for (const node of path) revealed.add(node.id);
  return { ...view, revealed };
}
