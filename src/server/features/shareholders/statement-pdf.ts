import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { StatementResponse } from '../../../contract/ledger';
import { formatCost, formatDate, formatShares } from '../../../contract/format';
import { counterpartyPhrase, notesWithReason } from '../../../ledger';

// An embedded Unicode TrueType font: pdfkit's standard fonts are Latin-1 only and garble names
// such as "Łukasz Żółć".
const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const REGULAR = readFileSync(join(fontDir, 'DejaVuSans.ttf'));
const BOLD = readFileSync(join(fontDir, 'DejaVuSans-Bold.ttf'));

/** A file name for the download: "statement-lukasz-zolc-2026-01-05.pdf". */
export function statementFileName(statement: StatementResponse): string {
  const slug = (statement.holder.fullName || statement.holder.name)
    .normalize('NFKD')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `statement-${slug || 'holder'}-${statement.asOf}.pdf`;
}

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right';
  value: (row: StatementResponse['history'][number]) => string;
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

const MARGIN = 40;
const PAD = 3;
const ISSUED = '#0a3622';
const OTHER = '#6a2c00';

/**
 * The statement as a PDF (US Letter): company header on the first page, totals, then the
 * history with its column headings repeated on every page and no row split across pages.
 */
export async function renderStatementPdf(statement: StatementResponse): Promise<Buffer> {
  const holderName = statement.holder.fullName || statement.holder.name;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Statement of Shareholdings: ${holderName}`,
      Author: statement.company.legalName,
      Subject: `As of ${statement.asOf}, document ${statement.documentId}`,
    },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;
  const { company, holder, totals } = statement;

  // Header (first page only).
  doc
    .font('bold')
    .fontSize(16)
    .text(company.legalName, left, MARGIN, { width: width * 0.6 });
  doc.font('regular').fontSize(9);
  const companyLines = [
    company.address,
    [company.city, [company.state, company.zipCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', '),
    company.country,
  ].filter(Boolean);
  for (const line of companyLines) doc.text(line, { width: width * 0.6 });
  const afterCompany = doc.y;
  const metaX = left + width * 0.62;
  doc.fontSize(9);
  let metaY = MARGIN + 2;
  for (const [label, value] of [
    ['Date', formatDate(statement.statementDate)],
    ['As of', formatDate(statement.asOf)],
    ['Document ID', statement.documentId],
  ] as const) {
    doc.font('bold').text(label, metaX, metaY, { width: 70 });
    doc.font('regular').text(value, metaX + 72, metaY, { width: width * 0.38 - 72 });
    metaY = doc.y + 2;
  }
  doc.y = Math.max(afterCompany, metaY) + 12;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.8)
    .stroke('#000000');
  doc.y += 10;
  doc.font('bold').fontSize(9).fillColor('#333333').text('STATEMENT OF SHAREHOLDINGS', left);
  doc.fillColor('#000000').fontSize(15).text(holderName, left);
  const holderAddress = [
    holder.address,
    holder.city,
    [holder.state, holder.zipCode].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  if (holderAddress) doc.font('regular').fontSize(9).text(holderAddress, left);
  doc.y += 10;

  // TOTAL BALANCE box.
  const boxY = doc.y;
  const boxH = 62;
  doc.rect(left, boxY, width, boxH).lineWidth(1.2).stroke('#000000');
  doc
    .font('bold')
    .fontSize(9)
    .text('TOTAL BALANCE', left + 10, boxY + 8);
  doc.fontSize(18).text(`${formatShares(totals.balance)} shares`, left + 10, boxY + 22);
  const figure = (label: string, value: string, x: number) => {
    doc
      .font('bold')
      .fontSize(9)
      .text(label, x, boxY + 12, { width: 110 });
    doc
      .font('regular')
      .fontSize(11)
      .text(value, x, boxY + 26, { width: 110 });
  };
  figure('Common', formatShares(totals.common), left + width - 340);
  figure('Preferred', formatShares(totals.preferred), left + width - 225);
  figure('Cost Per Share', formatCost(totals.costPerShare), left + width - 110);
  doc.y = boxY + boxH + 16;

  doc.font('bold').fontSize(11).text('Transaction History', left, doc.y);
  doc
    .font('regular')
    .fontSize(8)
    .text("Balance: the running balance of the row's class (common or preferred).", left, doc.y);
  doc.y += 4;

  const scale = width / COLUMNS.reduce((s, c) => s + c.width, 0);
  const widths = COLUMNS.map((c) => c.width * scale);
  const cellHeight = (texts: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(8);
    return (
      Math.max(
        ...texts.map((t, i) => doc.heightOfString(t || ' ', { width: widths[i]! - 2 * PAD })),
      ) +
      2 * PAD
    );
  };
  const drawRow = (texts: string[], font: 'regular' | 'bold', fill?: string, colors?: string[]) => {
    const h = cellHeight(texts, font);
    const y = doc.y;
    let x = left;
    if (fill) doc.rect(left, y, width, h).fill(fill);
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
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.4)
      .stroke('#888888');
    doc.fillColor('#000000');
    doc.x = left;
    doc.y = y + h;
  };
  const headers = COLUMNS.map((c) => c.header);
  const drawHeader = () => drawRow(headers, 'bold', '#e9ecef');

  if (statement.history.length === 0) {
    doc.font('regular').fontSize(9).text('No transactions up to this date.', left);
  } else {
    drawHeader();
    for (const row of statement.history) {
      const texts = COLUMNS.map((c) => c.value(row));
      if (doc.y + cellHeight(texts, 'regular') > bottom()) {
        doc.addPage();
        doc.y = MARGIN;
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

  // Footer on every page: document id and page x of n.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor('#333333')
      .text(
        `${statement.documentId} · ${holderName} · page ${i - range.start + 1} of ${range.count}`,
        left,
        doc.page.height - MARGIN + 6,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins = margins;
  }
  doc.end();
  return done;
}
