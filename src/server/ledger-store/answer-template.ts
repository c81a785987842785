import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Numbering } from './posted-operation';

/**
 * A stored answer names the new certificates' numbers, which the write statement itself takes.
 * So the answer goes to the database as its JSON text cut where the numbers go, and the
 * statement joins the parts with the numbers it took: the answer commits with the effect, in
 * the same statement, and reads back exactly as it was sent.
 */
export interface AnswerTemplate {
  /** The JSON text around the numbers: one more part than holes. */
  parts: string[];
  /** What goes after each part but the last: the i-th new certificate's number or label. */
  holes: { kind: 'n' | 'l'; index: number }[];
}

/** What follows a mark in the JSON text: the hole's kind and index, then the string's end. */
const HOLE = /^([nl])(\d+)"/;

/**
 * The template of `render`'s JSON, with a mark no request can contain where each number goes
 * (random per call). Cut with plain string splits: a regular expression made from the mark would
 * be compiled anew on every transfer (5% of the app's CPU for one in the bench).
 */
export function answerTemplate(render: (numberOf: Numbering) => unknown): AnswerTemplate {
  const mark = `\u{E000}${randomUUID()}`;
  const text = JSON.stringify(
    render((i) => ({ number: `${mark}n${i}` as unknown as number, certificate: `${mark}l${i}` })),
  );
  const [first, ...rest] = text.split(`"${mark}`);
  const parts = [first!];
  const holes: AnswerTemplate['holes'] = [];
  for (const piece of rest) {
    const hole = HOLE.exec(piece)!;
    holes.push({ kind: hole[1] as 'n' | 'l', index: Number(hole[2]) });
    parts.push(piece.slice(hole[0].length));
  }
  return { parts, holes };
}

/** The template filled from the write statement's `numbered (ord, number, label)`. */
export function filledAnswer(template: AnswerTemplate): SQL {
  if (template.holes.length === 0) return sql`${template.parts[0]!}::text`;
  return sql`(select string_agg(
                       p.part || coalesce(case p.kind when 'n' then n.number::text
                                                      else to_json(n.label)::text end, ''),
                       '' order by p.i)
                from unnest(${sql.param(template.parts)}::text[],
                            ${sql.param(template.holes.map((h) => h.kind))}::text[],
                            ${sql.param(template.holes.map((h) => h.index))}::int[])
                       with ordinality as p(part, kind, ord, i)
                left join numbered n on n.ord = p.ord)`;
}
