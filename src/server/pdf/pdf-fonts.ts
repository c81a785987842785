import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// An embedded Unicode TrueType font: pdfkit's standard fonts are Latin-1 only and garble names
// such as "Łukasz Żółć". Read once, for the statement's and the certificate's PDFs.
const fontDir = join(
  dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

/** DejaVu Sans, regular and bold, and DejaVu Serif for a document's formal lines. */
export const PDF_FONTS = {
  regular: readFileSync(join(fontDir, 'DejaVuSans.ttf')),
  bold: readFileSync(join(fontDir, 'DejaVuSans-Bold.ttf')),
  serif: readFileSync(join(fontDir, 'DejaVuSerif.ttf')),
  serifBold: readFileSync(join(fontDir, 'DejaVuSerif-Bold.ttf')),
} as const;
