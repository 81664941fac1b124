import { fromBaseUnits, statementFilename } from '@portal/contract';
import { unitName } from '../ledger/accounts';
import { keepRoom, pdfFile, pdfTable, PORTAL_NAME, type PdfColumn } from '../shared/pdf-table';
import type { Statement } from './statement-of';

/** A4 landscape: the matching table's eleven columns fit side by side. */
const MARGIN = 40;

/**
 * pdfkit's built-in fonts (Helvetica) encode WinAnsi only, so a character
 * beyond Latin-1 (a name in another script) would print as a wrong glyph;
 * it prints as "?" instead. The username, always Latin, names the member too.
 */
const printable = (value: string): string => value.replace(/[^\u0020-\u007e\u00a0-\u00ff]/gu, '?');

const money = (amount: bigint): string => fromBaseUnits(amount);

const utcTime = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const monthName = (month: string): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function heading(doc: PDFKit.PDFDocument, title: string, note?: string): void {
  keepRoom(doc, 70);
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text(title);
  if (note) doc.font('Helvetica').fontSize(8).fillColor('#4a5563').text(note).fillColor('black');
  doc.moveDown(0.4);
}

function header(doc: PDFKit.PDFDocument, statement: Statement): void {
  const { member, period } = statement;
  doc.font('Helvetica-Bold').fontSize(18).text(`${PORTAL_NAME} - Monthly statement`);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`Member: ${printable(member.fullName)} (${member.username})`);
  doc.text(`Month: ${monthName(period.month)} (from ${utcTime(period.from)} up to ${utcTime(period.to)})`);
  doc.text(`Generated at: ${utcTime(statement.generatedAt)}`);
  if (statement.inProgress)
    doc.text('The month is not over: the closing balances are those at the time this statement was generated.');
}

function walletTable(doc: PDFKit.PDFDocument, statement: Statement): void {
  heading(doc, 'Wallets', 'Opening balance at the start of the month, what came in and went out, closing balance.');
  const columns: PdfColumn[] = [
    { header: 'Wallet', width: 150 },
    { header: 'Unit', width: 70 },
    { header: 'Opening balance', width: 135, align: 'right' },
    { header: 'Credits', width: 135, align: 'right' },
    { header: 'Debits', width: 135, align: 'right' },
    { header: 'Closing balance', width: 135, align: 'right' },
  ];
  pdfTable(
    doc,
    columns,
    statement.wallets.map((w) => [
      w.label,
      unitName(w.unit),
      money(w.opening),
      money(w.credits),
      money(w.debits),
      money(w.closing),
    ]),
  );
}

function incomeTable(doc: PDFKit.PDFDocument, statement: Statement): void {
  heading(
    doc,
    'Income by day and kind (USDT)',
    'Bonuses credited to the income wallet, by the UTC day they were credited.',
  );
  if (statement.income.length === 0) {
    doc.font('Helvetica').fontSize(9).text('No income this month.');
    return;
  }
  const columns: PdfColumn[] = [
    { header: 'Day', width: 120 },
    { header: 'Kind', width: 220 },
    { header: 'Credits', width: 100, align: 'right' },
    { header: 'Amount', width: 200, align: 'right' },
  ];
  const totals = statement.incomeTotals;
  const rows = [
    ...statement.income.map((line) => [line.day, line.label, String(line.count), money(line.amount)]),
    ['Total', 'Referral bonus', '', money(totals.referral_bonus)],
    ['Total', 'Matching bonus', '', money(totals.matching_bonus)],
    ['Total', 'Rank bonus', '', money(totals.rank_bonus)],
    ['Total', 'All income', '', money(totals.total)],
  ];
  const bold = rows.map((_, i) => (i >= statement.income.length ? { bold: true } : undefined));
  pdfTable(doc, columns, rows, bold);
}

/** Shown only in a month with clawbacks: each names the purchase it undid, as the ledger line does. */
function clawbackTable(doc: PDFKit.PDFDocument, statement: Statement): void {
  if (statement.clawbacks.length === 0) return;
  heading(
    doc,
    'Clawbacks (USDT)',
    'Bonuses taken back when a purchase that paid them was cancelled or refunded: from the income wallet, and what it ' +
      'could not cover left owed, repaid first from later income.',
  );
  const columns: PdfColumn[] = [
    { header: 'Day', width: 70 },
    { header: 'Purchase undone', width: 290 },
    { header: 'Referral', width: 90, align: 'right' },
    { header: 'Matching', width: 90, align: 'right' },
    { header: 'Taken', width: 90, align: 'right' },
    { header: 'Owed', width: 90, align: 'right' },
  ];
  pdfTable(
    doc,
    columns,
    statement.clawbacks.map((c) => [
      c.day,
      printable(c.what),
      money(c.referral),
      money(c.matching),
      money(c.taken),
      money(c.owed),
    ]),
  );
}

function matchingTable(doc: PDFKit.PDFDocument, statement: Statement): void {
  heading(
    doc,
    'Matching days',
    'Each day closed in the month: leg volumes (BV) at the close, what matched, at which rate, what it earned (USDT), ' +
      'what was paid within the daily cap and flushed above it, the volumes carried to the next day, and the day the paid bonus was credited.',
  );
  if (statement.matching.length === 0) {
    doc.font('Helvetica').fontSize(9).text('No matching day this month.');
    return;
  }
  const columns: PdfColumn[] = [
    { header: 'Day', width: 60 },
    { header: 'Left BV', width: 68, align: 'right' },
    { header: 'Right BV', width: 68, align: 'right' },
    { header: 'Matched BV', width: 68, align: 'right' },
    { header: 'Rate %', width: 42, align: 'right' },
    { header: 'Earned', width: 74, align: 'right' },
    { header: 'Paid', width: 74, align: 'right' },
    { header: 'Flushed', width: 74, align: 'right' },
    { header: 'Carry left BV', width: 68, align: 'right' },
    { header: 'Carry right BV', width: 68, align: 'right' },
    { header: 'Credited', width: 76, align: 'right' },
  ];
  pdfTable(
    doc,
    columns,
    statement.matching.map((m) => [
      m.closeDate,
      m.left,
      m.right,
      m.matched,
      m.rate,
      money(m.earned),
      money(m.paid),
      money(m.flushed),
      m.carryLeft,
      m.carryRight,
      m.creditedOn ?? '-',
    ]),
  );
}

/** "Page 2 of 3" at the foot of every page, written once all pages exist (they are buffered). */
function pageNumbers(doc: PDFKit.PDFDocument): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Writing in the bottom margin would start a new page: the margin is lifted for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#4a5563')
      .text(`Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 12, {
        width: doc.page.width - 2 * MARGIN,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** The statement as a PDF file. `compress: false` leaves the text readable in the bytes (the tests read it). */
export function renderStatement(statement: Statement, options: { compress?: boolean } = {}): Promise<Buffer> {
  const info = {
    Title: `Statement ${statement.period.month} - ${statement.member.username}`,
    Subject: statementFilename(statement.member.username, statement.period.month),
    CreationDate: statement.generatedAt,
  };
  const page = { size: 'A4', layout: 'landscape' as const, margin: MARGIN, bufferPages: true };
  return pdfFile({ ...page, compress: options.compress ?? true, info }, (doc) => {
    header(doc, statement);
    walletTable(doc, statement);
    incomeTable(doc, statement);
    clawbackTable(doc, statement);
    matchingTable(doc, statement);
    pageNumbers(doc);
  });
}
