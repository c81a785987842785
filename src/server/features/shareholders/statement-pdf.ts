import PDFDocument from 'pdfkit';
import type { StatementResponse } from '../../../contract/ledger';
import { statementBalanceNote } from '../../../contract/format';
import { statementHeader, type StatementHeader } from '../../../contract/statement-header';
import { fileSlug } from '../../http/file-slug';
import { PDF_FONTS } from '../../pdf/pdf-fonts';
import { drawHistoryTable } from './statement-pdf-table';

/** A file name for the download: "statement-lukasz-zolc-2026-01-05.pdf". */
export function statementFileName(statement: StatementResponse): string {
  const slug = fileSlug(statement.holder.fullName || statement.holder.name, 'holder');
  return `statement-${slug}-${statement.asOf}.pdf`;
}

const MARGIN = 40;

type Doc = InstanceType<typeof PDFDocument>;

/** Where the page's content goes: its left edge and width. */
interface Frame {
  left: number;
  width: number;
}

/**
 * The statement as a PDF (US Letter): company header on the first page, totals, then the
 * history with its column headings repeated on every page and no row split across pages.
 */
export async function renderStatementPdf(statement: StatementResponse): Promise<Buffer> {
  const header = statementHeader(statement);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Statement of Shareholdings: ${header.holderName}`,
      Author: statement.company.legalName,
      Subject: `As of ${statement.asOf}, document ${statement.documentId}`,
    },
  });
  doc.registerFont('regular', PDF_FONTS.regular);
  doc.registerFont('bold', PDF_FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const frame: Frame = { left: MARGIN, width: doc.page.width - 2 * MARGIN };
  drawHeading(doc, frame, statement, header);
  drawTotals(doc, frame, header);
  await drawHistory(doc, frame, statement.history);
  drawFooters(doc, frame, `${statement.documentId} · ${header.holderName}`);
  doc.end();
  return done;
}

/** The company and the statement's dates side by side, then whose statement it is. */
function drawHeading(
  doc: Doc,
  { left, width }: Frame,
  statement: StatementResponse,
  header: StatementHeader,
) {
  doc
    .font('bold')
    .fontSize(16)
    .text(statement.company.legalName, left, MARGIN, { width: width * 0.6 });
  doc.font('regular').fontSize(9);
  for (const line of header.companyLines) doc.text(line, { width: width * 0.6 });
  const afterCompany = doc.y;
  const metaX = left + width * 0.62;
  doc.fontSize(9);
  let metaY = MARGIN + 2;
  for (const [label, value] of [
    ['Date', header.statementDate],
    ['As of', header.asOf],
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
  doc.fillColor('#000000').fontSize(15).text(header.holderName, left);
  if (header.holderAddress) doc.font('regular').fontSize(9).text(header.holderAddress, left);
  doc.y += 10;
}

/** The TOTAL BALANCE box with the common, preferred and cost-per-share figures. */
function drawTotals(doc: Doc, { left, width }: Frame, header: StatementHeader) {
  const boxY = doc.y;
  const boxH = 62;
  doc.rect(left, boxY, width, boxH).lineWidth(1.2).stroke('#000000');
  doc
    .font('bold')
    .fontSize(9)
    .text('TOTAL BALANCE', left + 10, boxY + 8);
  doc.fontSize(18).text(`${header.balance} shares`, left + 10, boxY + 22);
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
  figure('Common', header.common, left + width - 340);
  figure('Preferred', header.preferred, left + width - 225);
  figure('Cost Per Share', header.costPerShare, left + width - 110);
  doc.y = boxY + boxH + 16;
}

async function drawHistory(
  doc: Doc,
  { left, width }: Frame,
  history: StatementResponse['history'],
) {
  doc.font('bold').fontSize(11).text('Transaction History', left, doc.y);
  doc.font('regular').fontSize(8).text(statementBalanceNote, left, doc.y);
  doc.y += 4;
  if (history.length === 0) {
    doc.font('regular').fontSize(9).text('No transactions up to this date.', left);
    return;
  }
  const bottom = () => doc.page.height - MARGIN - 14;
  await drawHistoryTable(doc, { left, width, top: MARGIN, bottom }, history);
}

/** On every page: the document id, whose statement, page x of n. */
function drawFooters(doc: Doc, { left, width }: Frame, label: string) {
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
        `${label} · page ${i - range.start + 1} of ${range.count}`,
        left,
        doc.page.height - MARGIN + 6,
        {
          width,
          align: 'center',
          lineBreak: false,
        },
      );
    doc.page.margins = margins;
  }
}
