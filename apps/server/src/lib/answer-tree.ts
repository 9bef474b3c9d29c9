/**
 * Builds the nested reply tree of a question from its flat list of answers (one query,
 * any number). Pure: the presenter decides what each node shows.
 *
 * The tree is at most `maxDepth` levels deep, whatever the rows say, so that nothing
 * stored can make a read fail: the response serializer (and any client) walks the tree
 * recursively, and a thread once held a chain of 2,300 replies. The API refuses replies
 * deeper than `LIMITS.replyDepth`; an answer stored deeper anyway (before the limit, or
 * straight into the database) is shown at the deepest level: in the replies of its
 * ancestor one level above that, after its own parent, in posting order (a long chain
 * reads as a flat conversation there). It keeps its own `parent_id`. An answer whose parent
 * is missing, or whose parents loop, is shown at the top level rather than lost. Nothing
 * here recurses.
 */
export interface TreeItem {
  id: number;
  parent_id: number | null;
}

export type TreeNode<T> = T & { replies: TreeNode<T>[] };

type Node = { replies: unknown[] };

/**
 * Items in any order; each level comes out in the input's relative order. `make` builds
 * each node (by default a copy of the item with its replies): a presenter passes its own,
 * so a long thread costs one object per answer.
 */
export function buildTree<T extends TreeItem>(items: readonly T[], maxDepth: number): TreeNode<T>[];
export function buildTree<T extends TreeItem, N extends { replies: N[] }>(
  items: readonly T[],
  maxDepth: number,
  make: (item: T) => N,
): N[];
export function buildTree<T extends TreeItem>(
  items: readonly T[],
  maxDepth: number,
  make: (item: T) => Node = (item) => ({ ...item, replies: [] }),
): Node[] {
  const byId = new Map<number, T>();
  for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
  const host = hostsOf(byId, Math.max(1, maxDepth));
  const nodes = new Map<number, Node>();
  for (const [id, item] of byId) nodes.set(id, make(item));
  const roots: Node[] = [];
  for (const [id, node] of nodes) {
    const at = host.get(id);
    const parent = at === undefined ? undefined : nodes.get(at);
    (parent ? parent.replies : roots).push(node);
  }
  return roots;
}

/**
 * For every item, the id of the node it is shown under (none: the top level). An item's
 * depth is its parent's plus one; one deeper than `maxDepth` is shown under its ancestor
 * at `maxDepth`. Depths are found walking up with an explicit path, each item once.
 */
function hostsOf(byId: Map<number, TreeItem>, maxDepth: number): Map<number, number> {
  const depth = new Map<number, number>();
  const host = new Map<number, number>();
  const onPath = new Set<number>();
  for (const start of byId.keys()) {
    const path: number[] = [];
    let id: number | undefined = start;
    // Up to an item already placed, a root, a missing parent or a loop.
    while (id !== undefined && !depth.has(id) && !onPath.has(id)) {
      path.push(id);
      onPath.add(id);
      const parent: number | null = (byId.get(id) as TreeItem).parent_id;
      id = parent !== null && byId.has(parent) ? parent : undefined;
    }
    // Back down the path, placing each item under its parent (or its parent's host).
    let above = id !== undefined && depth.has(id) ? id : undefined;
    for (let i = path.length - 1; i >= 0; i -= 1) {
      const current = path[i] as number;
      onPath.delete(current);
      if (above === undefined) {
        depth.set(current, 1);
      } else {
        const aboveDepth = depth.get(above) as number;
        // Under the parent while that is shallower than the cap, else beside it.
        const under = aboveDepth < maxDepth ? above : (host.get(above) as number | undefined);
        if (under === undefined) depth.set(current, 1);
        else {
          host.set(current, under);
          depth.set(current, Math.min(aboveDepth + 1, maxDepth));
        }
      }
      above = current;
    }
  }
  return host;
}
