import PDFDocument from 'pdfkit';

/**
 * A table on a pdfkit page: column headings, rows as tall as their tallest
 * cell (a long figure wraps), and a page break before a row that would not
 * fit, with the headings again at the top of the new page. pdfkit's own
 * `doc.table` breaks pages but does not repeat the headings.
 */
/** The portal's name as its PDFs, the sign-in page's logo and the authenticator apps show it. */
export const PORTAL_NAME = 'Members Portal';

/**
 * A pdfkit document by the portal and the file it becomes once `draw` has
 * drawn it. `compress: false` leaves the text readable in the bytes (the tests read it).
 */
export function pdfFile(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ ...options, info: { Author: PORTAL_NAME, ...options.info } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

export interface PdfColumn {
  header: string;
  /** Points; the columns' widths add up to at most the page's content width. */
  width: number;
  align?: 'left' | 'right';
}

export interface PdfRowStyle {
  bold?: boolean;
}

const PAD = 3;
const FONT_SIZE = 8;

/** Starts a new page when fewer than `height` points are left above the bottom margin. */
export function keepRoom(doc: PDFKit.PDFDocument, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function rowHeight(doc: PDFKit.PDFDocument, columns: PdfColumn[], cells: string[]): number {
  let height = 0;
  cells.forEach((cell, i) => {
    height = Math.max(height, doc.heightOfString(cell, { width: columns[i]!.width - 2 * PAD }));
  });
  return height + 2 * PAD;
}

function drawRow(doc: PDFKit.PDFDocument, columns: PdfColumn[], cells: string[], height: number, shade: boolean): void {
  const top = doc.y;
  const left = doc.page.margins.left;
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  if (shade) doc.save().rect(left, top, width, height).fill('#eef1f5').restore();
  let x = left;
  cells.forEach((cell, i) => {
    const column = columns[i]!;
    doc.text(cell, x + PAD, top + PAD, { width: column.width - 2 * PAD, align: column.align ?? 'left' });
    x += column.width;
  });
  doc.x = left;
  doc.y = top + height;
}

function drawHeader(doc: PDFKit.PDFDocument, columns: PdfColumn[]): void {
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
  const headers = columns.map((column) => column.header);
  drawRow(doc, columns, headers, rowHeight(doc, columns, headers), true);
  doc.font('Helvetica');
}

/** Draws the table from the current position; `styles[i]` styles row i (a totals row in bold). */
export function pdfTable(
  doc: PDFKit.PDFDocument,
  columns: PdfColumn[],
  rows: string[][],
  styles: Array<PdfRowStyle | undefined> = [],
): void {
  doc.fontSize(FONT_SIZE);
  keepRoom(doc, 40);
  drawHeader(doc, columns);
  rows.forEach((cells, i) => {
    doc.font(styles[i]?.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    const height = rowHeight(doc, columns, cells);
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawHeader(doc, columns);
      doc.font(styles[i]?.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    }
    drawRow(doc, columns, cells, height, false);
    doc
      .save()
      .moveTo(doc.page.margins.left, doc.y)
      .lineTo(doc.page.margins.left + columns.reduce((sum, column) => sum + column.width, 0), doc.y)
      .lineWidth(0.5)
      .stroke('#c5ccd6')
      .restore();
  });
  doc.font('Helvetica');
}
