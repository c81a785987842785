import type PDFDocument from 'pdfkit';
import type { StatementResponse } from '../../../contract/ledger';
import { formatCost, formatDate, formatShares } from '../../../contract/format';
import { counterpartyPhrase, notesWithReason } from '../../../ledger';

type Doc = InstanceType<typeof PDFDocument>;
type Row = StatementResponse['history'][number];

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  value: (row: Row) => string;
}

const COLUMNS: Column[] = [
  { header: 'Certificate', width: 56, align: 'left', value: (r) => r.certificate },
  {
    header: 'Type',
    width: 114,
    align: 'left',
    value: (r) =>
      [r.issued ? '+' : '−', r.typeLabel, counterpartyPhrase(r.type, r.counterparty)]
        .filter(Boolean)
        .join(' '),
  },
  { header: 'Origin', width: 40, align: 'left', value: (r) => r.origin ?? '—' },
  { header: 'Cost', width: 56, align: 'right', value: (r) => formatCost(r.cost) },
  { header: 'Shares', width: 54, align: 'right', value: (r) => formatShares(r.shares) },
  { header: 'Balance', width: 58, align: 'right', value: (r) => formatShares(r.balance) },
  { header: 'Date', width: 70, align: 'left', value: (r) => formatDate(r.date) },
  { header: 'Notes', width: 84, align: 'left', value: (r) => notesWithReason(r.notes, r.reason) },
];

const PAD = 3;
/** Drawing goes on for this long at most before the thread is left to others as long again. */
const DRAW_FOR_MS = 10;
const ISSUED = '#0a3622';
const OTHER = '#6a2c00';

/** Where the table goes: the page's left edge and width, and where a page's rows must end. */
export interface TableFrame {
  left: number;
  width: number;
  top: number;
  bottom: () => number;
}

/**
 * The history as a table: column headings repeated on every page, no row split across pages,
 * the type coloured by direction (issued or not).
 */
export async function drawHistoryTable(doc: Doc, frame: TableFrame, history: Row[]): Promise<void> {
  const scale = frame.width / COLUMNS.reduce((s, c) => s + c.width, 0);
  const widths = COLUMNS.map((c) => c.width * scale);
  const cellHeight = (texts: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(8);
    const heights = texts.map((t, i) =>
      doc.heightOfString(t || ' ', { width: widths[i]! - 2 * PAD }),
    );
    return Math.max(...heights) + 2 * PAD;
  };
  const drawRow = (texts: string[], font: 'regular' | 'bold', fill?: string, colors?: string[]) => {
    const h = cellHeight(texts, font);
    const y = doc.y;
    let x = frame.left;
    if (fill) doc.rect(frame.left, y, frame.width, h).fill(fill);
    texts.forEach((t, i) => {
      doc
        .fillColor(colors?.[i] ?? '#000000')
        .font(font)
        .fontSize(8)
        .text(t, x + PAD, y + PAD, {
          width: widths[i]! - 2 * PAD,
          align: COLUMNS[i]!.align,
          lineBreak: true,
        });
      x += widths[i]!;
    });
    doc
      .moveTo(frame.left, y + h)
      .lineTo(frame.left + frame.width, y + h)
      .lineWidth(0.4)
      .stroke('#888888');
    doc.fillColor('#000000');
    doc.x = frame.left;
    doc.y = y + h;
  };
  const drawHeader = () =>
    drawRow(
      COLUMNS.map((c) => c.header),
      'bold',
      '#e9ecef',
    );

  drawHeader();
  let turn = performance.now();
  for (const row of history) {
    // A long history is hundreds of milliseconds of drawing: other requests get the thread.
    if (performance.now() - turn > DRAW_FOR_MS) {
      await new Promise((resolve) => setTimeout(resolve, DRAW_FOR_MS));
      turn = performance.now();
    }
    const texts = COLUMNS.map((c) => c.value(row));
    if (doc.y + cellHeight(texts, 'regular') > frame.bottom()) {
      doc.addPage();
      doc.y = frame.top;
      drawHeader();
    }
    const typeColor = row.issued ? ISSUED : OTHER;
    drawRow(
      texts,
      'regular',
      undefined,
      COLUMNS.map((c) => (c.header === 'Type' ? typeColor : '#000000')),
    );
  }
}
