/**
 * Demo content only: one-page PDFs for a demo deal, so a fresh site shows a working 'Download
 * Prospectus' and a data room to open (issue "Investing"): the prospectus, an appraisal report
 * (for investors) and a title report (staff only). Real documents are uploaded by admins.
 */
import type { DemoDeal } from './demo-deals';

function escapePdf(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');
}

/** Wraps `text` at about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;
/** A paragraph of body text, wrapped. */
const paragraph = (text: string): [number, string][] => wrap(text, 90).map((l) => [10, l]);

/** The bytes of a valid single-page PDF summarising `deal`. */
export function demoProspectusPdf(deal: DemoDeal): Buffer {
  return onePagePdf([
    [18, `${deal.title} - Investment Summary`],
    [11, deal.location],
    [11, ''],
    [11, `Loan amount: ${usd(deal.loanAmount)}    Loan-to-value: ${deal.ltv}%`],
    [11, `Term: ${deal.termMonths} months    Interest rate: ${deal.interestRate}%`],
    [11, `Investment minimum: ${usd(deal.minimumInvestment)}    Development partner: ${deal.sponsor}`],
    [11, ''],
    ...paragraph(deal.description),
    [11, ''],
    [8, 'Demo content. Offered to accredited investors only; past performance does not guarantee future results.'],
  ]);
}

/** The bytes of a one-page appraisal report of `deal`'s property (the value implied by its LTV). */
export function demoAppraisalPdf(deal: DemoDeal): Buffer {
  const value = Math.round(deal.loanAmount / (deal.ltv / 100) / 5000) * 5000;
  return onePagePdf([
    [18, `${deal.title} - Appraisal Report (summary)`],
    [11, `${deal.location}    Property type: ${deal.type}    Site: ${deal.acreage} acres`],
    [11, ''],
    [11, `As-is market value: ${usd(value)}`],
    [11, `Loan amount: ${usd(deal.loanAmount)}    Loan-to-value: ${deal.ltv}%`],
    [11, 'Approaches: sales comparison and income; inspection of the interior and exterior.'],
    [11, ''],
    ...paragraph(deal.description),
    [11, ''],
    [8, 'Demo content: not an appraisal of a real property. Prepared for the Ormsby Lending demo data room.'],
  ]);
}

/** The bytes of a one-page preliminary title report of `deal`'s property (staff only in the demo). */
export function demoTitleReportPdf(deal: DemoDeal): Buffer {
  const lien = deal.lienPosition === 'first' ? 'first' : 'second';
  return onePagePdf([
    [18, `${deal.title} - Preliminary Title Report`],
    [11, deal.location],
    [11, ''],
    [11, `Vested owner: ${deal.sponsor} (or its single-purpose entity)`],
    [11, `Proposed insured lender: Ormsby Lending, ${lien} deed of trust for ${usd(deal.loanAmount)}`],
    [11, ''],
    [11, 'Exceptions: general and special taxes for the current fiscal year, not yet due;'],
    [11, 'easements of record for public utilities; covenants, conditions and restrictions of record.'],
    ...(lien === 'second'
      ? ([[11, 'Senior deed of trust of record in favour of the acquisition lender.']] as [number, string][])
      : []),
    [11, ''],
    [8, 'Demo content: not a title report of a real property. Staff only in the Ormsby Lending demo data room.'],
  ]);
}

/** The bytes of a valid single-page PDF of `lines` (font size in points, text), top to bottom. */
function onePagePdf(lines: [number, string][]): Buffer {
  let y = 760;
  const text = lines
    .map(([size, line]) => {
      const op = `BT /F1 ${size} Tf 56 ${y} Td (${escapePdf(line)}) Tj ET`;
      y -= size + 8;
      return op;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
