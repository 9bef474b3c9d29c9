/**
 * Builds the nested reply tree of a question from its flat list of answers (one query,
 * any depth). Pure: the presenter decides what each node shows.
 */
export interface TreeItem {
  id: number;
  parent_id: number | null;
}

export type TreeNode<T> = T & { replies: TreeNode<T>[] };

/**
 * Items in any order; each level comes out in the input's relative order. `make` builds
 * each node (by default a copy of the item with its replies): a presenter passes its own,
 * so a long thread costs one object per answer.
 */
export function buildTree<T extends TreeItem>(items: readonly T[]): TreeNode<T>[];
export function buildTree<T extends TreeItem, N extends { replies: N[] }>(
  items: readonly T[],
  make: (item: T) => N,
): N[];
export function buildTree<T extends TreeItem>(
  items: readonly T[],
  make: (item: T) => { replies: unknown[] } = (item) => ({ ...item, replies: [] }),
): { replies: unknown[] }[] {
  const nodes = new Map<number, { replies: unknown[] }>();
  for (const item of items) nodes.set(item.id, make(item));
  const roots: { replies: unknown[] }[] = [];
  for (const item of items) {
    const node = nodes.get(item.id) as { replies: unknown[] };
    const parent = item.parent_id === null ? undefined : nodes.get(item.parent_id);
    // An orphan (its parent is gone) is shown at the top level rather than lost.
    (parent ? parent.replies : roots).push(node);
  }
  return roots;
}
