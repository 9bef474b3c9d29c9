import type { AnswerNode } from '@dating/contract';

/**
 * The thread with one answer changed: new objects along the path to it, the rest shared
 * (so the other answers do not re-render); the thread as it was when the id is not in it.
 */
export function updateAnswer(
  nodes: AnswerNode[],
  id: number,
  change: (answer: AnswerNode) => AnswerNode,
): AnswerNode[] {
  let changed = false;
  const next = nodes.map((node) => {
    if (node.id === id) {
      changed = true;
      return change(node);
    }
    const replies = updateAnswer(node.replies as AnswerNode[], id, change);
    if (replies === node.replies) return node;
    changed = true;
    return { ...node, replies };
  });
  return changed ? next : nodes;
}

/** The thread without the answer of this id (and its replies); the thread as it was without it. */
export function removeAnswer(nodes: AnswerNode[], id: number): AnswerNode[] {
  let changed = false;
  const next: AnswerNode[] = [];
  for (const node of nodes) {
    if (node.id === id) {
      changed = true;
      continue;
    }
    const replies = removeAnswer(node.replies as AnswerNode[], id);
    if (replies !== node.replies) changed = true;
    next.push(replies === node.replies ? node : { ...node, replies });
  }
  return changed ? next : nodes;
}

/**
 * A cached response holding answers of a thread, with `change` made to them: the detail or
 * a page (`answers`), or pages of them (`pages`); anything else as it is.
 */
export function patchAnswers(
  cached: unknown,
  change: (nodes: AnswerNode[]) => AnswerNode[],
): unknown {
  if (typeof cached !== 'object' || cached === null) return cached;
  const record = cached as { answers?: unknown; pages?: unknown };
  if (Array.isArray(record.answers)) {
    const answers = change(record.answers as AnswerNode[]);
    return answers === record.answers ? cached : { ...record, answers };
  }
  if (Array.isArray(record.pages)) {
    const pages = record.pages as unknown[];
    const patched = pages.map((page) => patchAnswers(page, change));
    return patched.every((page, i) => page === pages[i]) ? cached : { ...record, pages: patched };
  }
  return cached;
}
