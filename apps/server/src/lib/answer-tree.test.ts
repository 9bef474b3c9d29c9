import { describe, expect, it } from 'vitest';
import { buildTree, type TreeNode } from './answer-tree.ts';

interface Row {
  id: number;
  parent_id: number | null;
  text: string;
}

/** A depth limit no test tree below reaches, unless it says so. */
const DEEP = 10_000;

const row = (id: number, parent_id: number | null): Row => ({ id, parent_id, text: `#${id}` });

/** The tree as nested [id, children] pairs, easy to compare. */
function shape(nodes: TreeNode<Row>[]): unknown[] {
  return nodes.map((n) => [n.id, shape(n.replies)]);
}

describe('buildTree', () => {
  it('answers an empty list for no items', () => {
    expect(buildTree([], DEEP)).toEqual([]);
  });

  it('nests replies under their parents to any depth', () => {
    const rows = [row(1, null), row(2, 1), row(3, 2), row(4, 3), row(5, 4), row(6, null)];
    expect(shape(buildTree(rows, DEEP))).toEqual([
      [1, [[2, [[3, [[4, [[5, []]]]]]]]]],
      [6, []],
    ]);
  });

  it('keeps the input order at every level', () => {
    const rows = [
      row(1, null),
      row(2, null),
      row(3, 1),
      row(4, 2),
      row(5, 1),
      row(6, null),
      row(7, 1),
    ];
    expect(shape(buildTree(rows, DEEP))).toEqual([
      [
        1,
        [
          [3, []],
          [5, []],
          [7, []],
        ],
      ],
      [2, [[4, []]]],
      [6, []],
    ]);
  });

  it('does not need parents to come before their replies', () => {
    const rows = [row(3, 2), row(2, 1), row(1, null)];
    expect(shape(buildTree(rows, DEEP))).toEqual([[1, [[2, [[3, []]]]]]]);
  });

  it('shows orphans (their parent is missing) at the top level rather than losing them', () => {
    const rows = [row(1, null), row(5, 99), row(6, 5), row(2, null)];
    expect(shape(buildTree(rows, DEEP))).toEqual([
      [1, []],
      [5, [[6, []]]],
      [2, []],
    ]);
  });

  it('keeps every field of the items and does not change its input', () => {
    const rows = [row(1, null), row(2, 1)];
    const copy = structuredClone(rows);
    const tree = buildTree(rows, DEEP);
    expect(tree[0]).toEqual({ id: 1, parent_id: null, text: '#1', replies: [expect.any(Object)] });
    expect(tree[0]?.replies[0]).toEqual({ id: 2, parent_id: 1, text: '#2', replies: [] });
    expect(rows).toEqual(copy);
  });

  it('builds a wide and deep tree in one pass', () => {
    const rows: Row[] = [row(1, null)];
    for (let id = 2; id <= 2000; id += 1) rows.push(row(id, id - 1));
    let depth = 0;
    for (let node = buildTree(rows, DEEP)[0]; node; node = node.replies[0]) depth += 1;
    expect(depth).toBe(2000);
  });
});

/** How deep a tree goes, counted without recursion. */
function depthOf(roots: TreeNode<Row>[]): number {
  let deepest = 0;
  const pending: [TreeNode<Row>, number][] = roots.map((node) => [node, 1]);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    for (const reply of node.replies) pending.push([reply, depth + 1]);
  }
  return deepest;
}

describe('buildTree with a depth limit', () => {
  it('shows answers below the limit at the deepest level, after their parent, in order', () => {
    // 1 > 2 > 3 > 4 > 5 > 6, and 7 replying to 3, with a limit of 3 levels.
    const rows = [row(1, null), row(2, 1), row(3, 2), row(4, 3), row(5, 4), row(7, 3), row(6, 5)];
    expect(shape(buildTree(rows, 3))).toEqual([
      [
        1,
        [
          [
            2,
            [
              [3, []],
              [4, []],
              [5, []],
              [7, []],
              [6, []],
            ],
          ],
        ],
      ],
    ]);
  });

  it('keeps every answer and its own parent_id', () => {
    const rows = [row(1, null), row(2, 1), row(3, 2), row(4, 3)];
    const tree = buildTree(rows, 2);
    expect(tree[0]?.replies.map((node) => [node.id, node.parent_id])).toEqual([
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
  });

  it('bounds a chain of 2,300 replies, as stored, at the limit', () => {
    const rows: Row[] = [row(1, null)];
    for (let id = 2; id <= 2300; id += 1) rows.push(row(id, id - 1));
    const tree = buildTree(rows.reverse(), 50);
    expect(depthOf(tree)).toBe(50);
    // Every answer is shown, the deep ones in posting order.
    let node = tree[0];
    for (let level = 1; level < 49; level += 1) node = node?.replies[0];
    expect(node?.id).toBe(49);
    expect(node?.replies.map((reply) => reply.id)).toEqual(
      Array.from({ length: 2300 - 49 }, (_, i) => 2300 - i),
    );
    // JSON.stringify, which recurses, gets through it.
    expect(() => JSON.stringify(tree)).not.toThrow();
  });

  it('a limit of one level shows every answer at the top', () => {
    const rows = [row(1, null), row(2, 1), row(3, 2)];
    expect(shape(buildTree(rows, 1))).toEqual([
      [1, []],
      [2, []],
      [3, []],
    ]);
  });

  it('breaks loops in stored parents instead of losing or hanging on them', () => {
    // 2 and 3 are each other's parents; 4 hangs off the loop; 5 is its own parent.
    const rows = [row(1, null), row(2, 3), row(3, 2), row(4, 3), row(5, 5)];
    const tree = buildTree(rows, 50);
    const seen: number[] = [];
    const pending = [...tree];
    for (let node = pending.pop(); node; node = pending.pop()) {
      seen.push(node.id);
      pending.push(...node.replies);
    }
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(tree.map((node) => node.id)).toContain(5);
  });
});
