import { describe, expect, it } from 'vitest';
import { helpedFirst } from './helped-first.ts';

interface Node {
  id: number;
  helpful: boolean;
  replies: Node[];
}
const node = (id: number, helpful = false, replies: Node[] = []): Node => ({
  id,
  helpful,
  replies,
});
const ids = (nodes: Node[]) => nodes.map((n) => n.id);

describe('helpedFirst', () => {
  it('keeps the order when nothing helped', () => {
    const roots = [node(1), node(2, false, [node(3)])];
    expect(ids(helpedFirst(roots))).toEqual([1, 2]);
  });

  it('brings helped replies first, each group in its own order', () => {
    const roots = [node(1), node(2, true), node(3), node(4, true), node(5)];
    expect(ids(helpedFirst(roots))).toEqual([2, 4, 1, 3, 5]);
  });

  it('brings up a branch whose helped reply is nested deep in it', () => {
    let deep = node(100, true);
    for (let id = 99; id > 10; id -= 1) deep = node(id, false, [deep]);
    const roots = [node(1), node(2, false, [node(3)]), deep];
    expect(ids(helpedFirst(roots))).toEqual([11, 1, 2]);
  });

  it('walks a chain thousands of levels deep without recursing', () => {
    let chain = node(0, true);
    for (let id = 1; id < 5000; id += 1) chain = node(id, false, [chain]);
    expect(ids(helpedFirst([node(-1), chain]))).toEqual([4999, -1]);
  });

  it('returns a new array and leaves the nodes alone', () => {
    const roots = [node(1), node(2, true)];
    const ordered = helpedFirst(roots);
    expect(ordered).not.toBe(roots);
    expect(ids(roots)).toEqual([1, 2]);
  });
});
