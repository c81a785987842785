import PDFDocument from 'pdfkit';
import type { RegisterRow } from '../../../contract/certificates';
import { formatDate, formatShares } from '../../../contract/format';
import { sharesInWords } from '../../../ledger/shares-in-words';
import { PDF_FONTS } from '../../pdf/pdf-fonts';

/** What the printed certificate states, besides its register row. */
export interface CertificatePdfFacts {
  companyName: string;
  /** The share class's name, e.g. "Common Stock". */
  className: string;
  /** The restrictive legend the company set (organization.certificate_legend); may be empty. */
  legend: string;
  record: RegisterRow;
}

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 36;
const INK = '#1a1a1a';

/**
 * The word marked across a certificate that no longer stands as issued (decision 120), or null
 * for an outstanding one. A certificate emptied by conversions alone reads CONVERTED.
 */
export function certificateMark(record: RegisterRow): string | null {
  switch (record.status) {
    case 'outstanding':
      return null;
    case 'cancelled':
      return 'CANCELLED';
    case 'partly-transferred':
      return 'PARTLY TRANSFERRED';
    case 'fully-transferred':
      return /^0+\.00$/.test(record.transferredShares) ? 'CONVERTED' : 'TRANSFERRED';
  }
}

/** A file name for the download: "certificate-CS-12.pdf". */
export const certificateFileName = (record: RegisterRow): string =>
  `certificate-${record.certificate.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/**
 * The certificate in the traditional form (US Letter, landscape, one page): number and shares in
 * the corners, the company, "This certifies that" the holder owns the shares in words and
 * figures of the class, the issue date, the restrictive legend, two officers' signature lines,
 * and its status marked diagonally across it when it no longer stands as issued.
 */
export async function renderCertificatePdf(facts: CertificatePdfFacts): Promise<Buffer> {
  const { record } = facts;
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: MARGIN,
    info: {
      Title: `Stock certificate ${record.certificate}: ${record.holderName}`,
      Author: facts.companyName,
      Subject: `${formatShares(record.originalShares)} shares, issued ${record.issueDate}`,
    },
  });
  doc.registerFont('regular', PDF_FONTS.regular);
  doc.registerFont('bold', PDF_FONTS.bold);
  doc.registerFont('serif', PDF_FONTS.serif);
  doc.registerFont('serif-bold', PDF_FONTS.serifBold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawBorder(doc);
  drawCorners(doc, record);
  drawBody(doc, facts);
  drawSignatures(doc);
  const mark = certificateMark(record);
  if (mark) drawMark(doc, mark, record);
  doc.end();
  return done;
}

const inner = (doc: Doc) => ({
  left: MARGIN + 14,
  top: MARGIN + 14,
  width: doc.page.width - 2 * (MARGIN + 14),
  height: doc.page.height - 2 * (MARGIN + 14),
});

function drawBorder(doc: Doc) {
  const { width, height } = doc.page;
  doc
    .lineWidth(3)
    .rect(MARGIN, MARGIN, width - 2 * MARGIN, height - 2 * MARGIN)
    .stroke(INK);
  doc
    .lineWidth(0.8)
    .rect(MARGIN + 7, MARGIN + 7, width - 2 * MARGIN - 14, height - 2 * MARGIN - 14)
    .stroke(INK);
}

/** "Certificate No." top left, "Shares" top right, each in a box. */
function drawCorners(doc: Doc, record: RegisterRow) {
  const box = inner(doc);
  const corner = (label: string, value: string, x: number) => {
    doc
      .lineWidth(1)
      .rect(x, box.top + 6, 150, 42)
      .stroke(INK);
    doc
      .font('bold')
      .fontSize(7.5)
      .fillColor(INK)
      .text(label, x, box.top + 11, { width: 150, align: 'center' });
    doc
      .font('serif-bold')
      .fontSize(14)
      .text(value, x, box.top + 24, { width: 150, align: 'center' });
  };
  corner('CERTIFICATE NO.', record.certificate, box.left + 10);
  corner('SHARES', formatShares(record.originalShares), box.left + box.width - 160);
}

function drawBody(doc: Doc, facts: CertificatePdfFacts) {
  const { record } = facts;
  const box = inner(doc);
  const text = { width: box.width - 80, align: 'center' as const };
  const x = box.left + 40;
  doc
    .font('serif-bold')
    .fontSize(22)
    .fillColor(INK)
    .text(facts.companyName, x, box.top + 64, text);
  doc.moveDown(0.2).font('serif').fontSize(11).text(facts.className.toUpperCase(), text);
  doc.moveDown(0.9).fontSize(11).text('THIS CERTIFIES THAT', text);
  doc.moveDown(0.3).font('serif-bold').fontSize(18).text(record.holderName, text);
  doc.moveDown(0.3).font('serif').fontSize(11).text('is the registered holder of', text);
  const words = sharesInWords(record.originalShares);
  doc
    .moveDown(0.3)
    .font('serif-bold')
    .fontSize(13)
    .text(`${words} (${formatShares(record.originalShares)}) shares`, text);
  doc
    .moveDown(0.3)
    .font('serif')
    .fontSize(10)
    .text(
      `of the ${facts.className} of ${facts.companyName}, transferable only on the books of the ` +
        'company by the holder in person or by a duly authorized attorney upon surrender of ' +
        'this certificate properly endorsed.',
      text,
    );
  doc
    .moveDown(0.6)
    .fontSize(10.5)
    .text(`Issued ${formatDate(record.issueDate)}`, text);
  if (facts.legend.trim()) drawLegend(doc, facts.legend.trim());
}

/** The restrictive legend, small, in a ruled box below the body (cut to fit above the lines). */
function drawLegend(doc: Doc, legend: string) {
  const box = inner(doc);
  const top = doc.y + 10;
  const bottom = box.top + box.height - 78;
  const width = box.width - 60;
  doc.font('regular').fontSize(7);
  const height = Math.min(doc.heightOfString(legend, { width: width - 12 }), bottom - top - 8);
  if (height <= 0) return;
  doc
    .lineWidth(0.6)
    .rect(box.left + 30, top, width, height + 10)
    .stroke(INK);
  doc.text(legend, box.left + 36, top + 5, { width: width - 12, height, ellipsis: true });
}

function drawSignatures(doc: Doc) {
  const box = inner(doc);
  const y = box.top + box.height - 34;
  const line = (title: string, x: number) => {
    doc
      .lineWidth(0.8)
      .moveTo(x, y)
      .lineTo(x + 200, y)
      .stroke(INK);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(INK)
      .text(title, x, y + 4, { width: 200, align: 'center' });
  };
  line('President', box.left + 40);
  line('Secretary', box.left + box.width - 240);
}

/** The status word diagonally across the page, large and translucent, with what remains. */
function drawMark(doc: Doc, mark: string, record: RegisterRow) {
  const { width, height } = doc.page;
  doc.save();
  doc.rotate(-28, { origin: [width / 2, height / 2] });
  doc.fillColor('#c0392b').fillOpacity(0.3).font('bold');
  const size = mark.length > 12 ? 62 : 92;
  doc.fontSize(size).text(mark, 0, height / 2 - size * 0.6, {
    width,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
  if (record.status === 'partly-transferred') {
    const box = inner(doc);
    doc
      .font('bold')
      .fontSize(8.5)
      .fillColor('#c0392b')
      .text(
        `${formatShares(record.balance)} of these shares remain on this certificate.`,
        box.left,
        box.top + 54,
        { width: box.width, align: 'center' },
      );
  }
}
