import type { IncomeDisclosure } from '@portal/contract';
import { pdfFile, pdfTable, PORTAL_NAME } from '../shared/pdf-table';

const share = (part: number, whole: number) => (whole === 0 ? '-' : `${((part / whole) * 100).toFixed(1)}%`);

/**
 * The income disclosure as a one-page PDF for publishing: the period, who is
 * counted, the figures and the percentiles, in the words of the page
 * (apps/web/src/features/bonuses/IncomeDisclosurePage.tsx). `compress: false`
 * leaves the text readable in the bytes (the tests read it).
 */
export function renderIncomeDisclosure(d: IncomeDisclosure, options: { compress?: boolean } = {}): Promise<Buffer> {
  const info = { Title: `Income disclosure ${d.from} to ${d.to}` };
  return pdfFile({ size: 'A4', margin: 50, compress: options.compress ?? true, info }, (doc) => draw(doc, d));
}

function draw(doc: PDFKit.PDFDocument, d: IncomeDisclosure): void {
  doc.font('Helvetica-Bold').fontSize(18).text(`${PORTAL_NAME} - Income disclosure`);
  doc.font('Helvetica').fontSize(10).moveDown(0.3);
  doc.text(`Period: ${d.from} to ${d.to} (UTC days, both included)`);
  doc.moveDown(0.5).fontSize(9).fillColor('#4a5563');
  doc.text(
    'Gross bonus income (referral, matching and rank bonuses) of every member who had joined by the end of the period, ' +
      "those who earned nothing included; the company's root position is not a member. Spending is package purchases " +
      'and repurchases in the period. Percentiles by nearest rank: each is an income a member really had. Amounts in USDT.',
  );
  doc.fillColor('black').moveDown(1);
  const columns = [
    { header: 'Figure', width: 300 },
    { header: 'Value', width: 195, align: 'right' as const },
  ];
  pdfTable(doc, columns, [
    ['Members counted', String(d.members)],
    ['Members with any bonus income', `${d.earners} (${share(d.earners, d.members)})`],
    [
      'Members who earned more than they spent',
      `${d.earnedMoreThanSpent} (${share(d.earnedMoreThanSpent, d.members)})`,
    ],
    ['Income paid in all', d.income.total],
    ['Mean income', d.income.mean],
    ['Median income', d.income.median],
    ['Spent on packages in all', d.spent.total],
    ['Mean spent on packages', d.spent.mean],
    ['Typical time in the network', `${d.typicalDaysInNetwork} days`],
  ]);
  doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text('Income by percentile');
  doc.moveDown(0.4);
  pdfTable(
    doc,
    [
      { header: 'Percentile', width: 100 },
      { header: 'Reads', width: 250 },
      { header: 'Gross bonus income', width: 145, align: 'right' },
    ],
    d.income.percentiles.map((p) => [`${p.percentile}th`, `${p.percentile}% of members earned this or less`, p.income]),
  );
}

/** `income-disclosure-2026-01-01-to-2026-12-31.pdf` */
export const incomeDisclosurePdfName = (d: IncomeDisclosure) => `income-disclosure-${d.from}-to-${d.to}.pdf`;
