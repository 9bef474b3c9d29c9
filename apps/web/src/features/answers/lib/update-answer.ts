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
