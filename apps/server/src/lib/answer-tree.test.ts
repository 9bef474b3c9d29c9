import { describe, expect, it } from 'vitest';
import { buildTree, type TreeNode } from './answer-tree.ts';

interface Row {
  id: number;
  parent_id: number | null;
  text: string;
}

const row = (id: number, parent_id: number | null): Row => ({ id, parent_id, text: `#${id}` });

/** The tree as nested [id, children] pairs, easy to compare. */
function shape(nodes: TreeNode<Row>[]): unknown[] {
  return nodes.map((n) => [n.id, shape(n.replies)]);
}

describe('buildTree', () => {
  it('answers an empty list for no items', () => {
    expect(buildTree([])).toEqual([]);
  });

  it('nests replies under their parents to any depth', () => {
    const rows = [row(1, null), row(2, 1), row(3, 2), row(4, 3), row(5, 4), row(6, null)];
    expect(shape(buildTree(rows))).toEqual([
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
    expect(shape(buildTree(rows))).toEqual([
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
    expect(shape(buildTree(rows))).toEqual([[1, [[2, [[3, []]]]]]]);
  });

  it('shows orphans (their parent is missing) at the top level rather than losing them', () => {
    const rows = [row(1, null), row(5, 99), row(6, 5), row(2, null)];
    expect(shape(buildTree(rows))).toEqual([
      [1, []],
      [5, [[6, []]]],
      [2, []],
    ]);
  });

  it('keeps every field of the items and does not change its input', () => {
    const rows = [row(1, null), row(2, 1)];
    const copy = structuredClone(rows);
    const tree = buildTree(rows);
    expect(tree[0]).toEqual({ id: 1, parent_id: null, text: '#1', replies: [expect.any(Object)] });
    expect(tree[0]?.replies[0]).toEqual({ id: 2, parent_id: 1, text: '#2', replies: [] });
    expect(rows).toEqual(copy);
  });

  it('builds a wide and deep tree in one pass', () => {
    const rows: Row[] = [row(1, null)];
    for (let id = 2; id <= 2000; id += 1) rows.push(row(id, id - 1));
    let depth = 0;
    for (let node = buildTree(rows)[0]; node; node = node.replies[0]) depth += 1;
    expect(depth).toBe(2000);
  });
});
