/**
 * The order of a thread's top level once the asker has marked replies "This helped": the
 * branches holding a helped reply (at the top or anywhere under it) come first, so that a
 * reader meets what helped before the rest; each group keeps its own order (posting
 * order). Pure, and nothing here recurses (threads nest up to LIMITS.replyDepth).
 */
export interface MarkedNode<N> {
  helpful: boolean;
  replies: N[];
}

/** Whether a branch holds a helped reply, walking it with an explicit stack. */
export function holdsHelped<N extends MarkedNode<N>>(root: N): boolean {
  const stack: N[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.helpful) return true;
    // One by one: a node may hold thousands of replies, too many for a spread's arguments.
    for (const reply of node.replies) stack.push(reply);
  }
  return false;
}

/** The top-level nodes, branches holding a helped reply first; a new array, nodes untouched. */
export function helpedFirst<N extends MarkedNode<N>>(roots: readonly N[]): N[] {
  const helped: N[] = [];
  const rest: N[] = [];
  for (const root of roots) (holdsHelped(root) ? helped : rest).push(root);
  return helped.length === 0 ? [...roots] : [...helped, ...rest];
}
