import { describe, expect, it } from 'vitest';
import type { LineageNode } from '../../../contract/certificates';
import { lineageTree } from './lineage-tree';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const node = (n: number, parent: number | null): LineageNode => ({
  id: id(n),
  certificate: `CS-${n}`,
  holderName: 'H',
  classType: 'common',
  issueDate: '2024-01-01',
  originalShares: '1.00',
  balance: '1.00',
  status: 'outstanding',
  parentId: parent === null ? null : id(parent),
  visible: true,
});

const shape = (t: ReturnType<typeof lineageTree>): unknown =>
  t && [t.node.certificate, t.children.map(shape)];

describe('lineageTree', () => {
  it('hangs the descendants under this certificate, under its origin chain', () => {
    const tree = lineageTree({
      ancestors: [node(1, null), node(4, 1)],
      self: node(5, 4),
      descendants: [node(7, 5), node(8, 5), node(9, 7)],
      truncated: false,
    });
    expect(shape(tree)).toEqual([
      'CS-1',
      [
        [
          'CS-4',
          [
            [
              'CS-5',
              [
                ['CS-7', [['CS-9', []]]],
                ['CS-8', []],
              ],
            ],
          ],
        ],
      ],
    ]);
  });

  it('starts a cut chain at the furthest certificate shown', () => {
    const tree = lineageTree({
      ancestors: [node(4, 1)],
      self: node(5, 4),
      descendants: [],
      truncated: true,
    });
    expect(shape(tree)).toEqual(['CS-4', [['CS-5', []]]]);
  });
});
