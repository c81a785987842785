import { describe, expect, it } from 'vitest';
import { answerTemplate } from './answer-template';

/** Fills a template as the write statement does, with the numbers it took. */
const filled = (t: ReturnType<typeof answerTemplate>, numbers: number[], prefix = 'CS-') =>
  t.parts
    .map((part, i) => {
      const hole = t.holes[i];
      if (!hole) return part;
      const n = numbers[hole.index]!;
      return part + (hole.kind === 'n' ? String(n) : JSON.stringify(`${prefix}${n}`));
    })
    .join('');

describe('answerTemplate (a stored answer with holes for the numbers the statement takes)', () => {
  const render = (numberOf: (i: number) => { number: number; certificate: string }) => ({
    operationId: 'op-1',
    notes: 'quotes " and \\ and a private-use mark \u{E000}n0" stay text',
    certificates: [0, 1].map((i) => ({ id: `c${i}`, ...numberOf(i) })),
  });

  it('reads back as the answer rendered with the real numbers', () => {
    const t = answerTemplate(render);
    expect(t.holes).toEqual([
      { kind: 'n', index: 0 },
      { kind: 'l', index: 0 },
      { kind: 'n', index: 1 },
      { kind: 'l', index: 1 },
    ]);
    expect(filled(t, [41, 42])).toBe(
      JSON.stringify(render((i) => ({ number: 41 + i, certificate: `CS-${41 + i}` }))),
    );
  });

  it('has one part and no hole when nothing is numbered', () => {
    const t = answerTemplate(() => ({ operationId: 'op-2', certificates: [] }));
    expect(t).toEqual({ parts: ['{"operationId":"op-2","certificates":[]}'], holes: [] });
  });
});
