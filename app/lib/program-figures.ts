/**
 * The figures the marketing pages state about the loan programs, computed from the published
 * programs (issue 23 "Trust at first sight": no page says 'typically 9%–12%' beside a program
 * 'from 8.75%'), and the figures staff wrote into other sections' text that contradict them.
 *
 * Units: percent for rates, LTV and LTC; points in percent of the loan; months; whole dollars.
 */
import type { LoanProgram, SiteContent, SiteContentSection } from './site-content';

/** What every program together publishes: the ranges the pages state. Null without programs. */
export interface PublishedFigures {
  /** The lowest rate any program starts from. */
  rateFrom: number;
  /** The highest maximum LTV (null when every program publishes LTC only). */
  maxLtv: number | null;
  /** The highest maximum LTC (null when none publishes one). */
  maxLtc: number | null;
  /** The lowest and the highest origination points. */
  pointsFrom: number;
  pointsTo: number;
  /** The shortest and the longest term, months. */
  termMinMonths: number;
  termMaxMonths: number;
}

/** The published programs' figures together (see `PublishedFigures`); null for no program. */
export function publishedFigures(programs: readonly LoanProgram[]): PublishedFigures | null {
  if (programs.length === 0) return null;
  const ltvs = programs.flatMap((p) => (p.maxLtv === null ? [] : [p.maxLtv]));
  const ltcs = programs.flatMap((p) => (p.maxLtc === null ? [] : [p.maxLtc]));
  return {
    rateFrom: Math.min(...programs.map((p) => p.rateFrom)),
    maxLtv: ltvs.length ? Math.max(...ltvs) : null,
    maxLtc: ltcs.length ? Math.max(...ltcs) : null,
    pointsFrom: Math.min(...programs.map((p) => p.pointsFrom)),
    pointsTo: Math.max(...programs.map((p) => p.pointsTo)),
    termMinMonths: Math.min(...programs.map((p) => p.termMinMonths)),
    termMaxMonths: Math.max(...programs.map((p) => p.termMaxMonths)),
  };
}

/** A figure in a section's text that the published programs contradict. */
export interface Contradiction {
  section: SiteContentSection;
  /** The question (FAQ) the text answers. */
  where: string;
  /** The sentence, as written. */
  sentence: string;
  /** What the programs publish instead, in words. */
  expected: string;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
/** A range or a single figure: '9% to 12%', '9%–12%', '60%', '1.5 to 3 points', '6 to 36 months'. */
const figures = (text: string, unit: string) => {
  const found: number[] = [];
  const pattern = new RegExp(
    String.raw`${NUMBER}\s*${unit === '%' ? '%?' : ''}\s*(?:to|–|-)\s*${NUMBER}\s*${unit}|${NUMBER}\s*${unit}`,
    'gi',
  );
  for (const m of text.matchAll(pattern)) {
    if (m[1] !== undefined) found.push(Number(m[1]), Number(m[2]));
    else found.push(Number(m[3]));
  }
  return found;
};
const words = (n: number) => String(Number(n.toFixed(2)));

/**
 * The claims in a sentence about the programs and whether `f` bears them out. A sentence about
 * investors' returns or yields is theirs, not the programs'. Rates: the lowest figure stated
 * must be the lowest rate published ('typically 9%' while a program starts from 8.75% is a
 * contradiction), and none below it. LTV: no figure above the highest maximum LTV, and the highest
 * stated is it. Points: the lowest and highest stated are the published ones. Terms in months:
 * within the shortest and longest published.
 */
function checkSentence(sentence: string, f: PublishedFigures): string[] {
  const wrong: string[] = [];
  if (/\b(returns?|yields?|earn)\b/i.test(sentence)) return wrong;
  const percents = figures(sentence, '%');
  if (/\brates?\b/i.test(sentence) && percents.length && Math.min(...percents) !== f.rateFrom)
    wrong.push(`rates from ${words(f.rateFrom)}%`);
  if (/\bLTV\b|loan-to-value/i.test(sentence) && percents.length && f.maxLtv !== null && Math.max(...percents) !== f.maxLtv)
    wrong.push(`up to ${words(f.maxLtv)}% LTV`);
  const points = figures(sentence, 'points?');
  if (points.length && (Math.min(...points) !== f.pointsFrom || Math.max(...points) !== f.pointsTo))
    wrong.push(`${words(f.pointsFrom)} to ${words(f.pointsTo)} points`);
  const months = figures(sentence, 'months?');
  if (months.length && (Math.min(...months) < f.termMinMonths || Math.max(...months) > f.termMaxMonths))
    wrong.push(`terms of ${f.termMinMonths} to ${f.termMaxMonths} months`);
  return wrong;
}

/**
 * The figures in the FAQs' answers that the programs of `content` contradict (issue 23: staff
 * are warned before publishing a section another contradicts), sentence by sentence; [] when
 * every figure agrees or there is no program.
 */
export function contradictions(content: Pick<SiteContent, 'loan-programs' | 'faq-borrowers' | 'faq-investors'>): Contradiction[] {
  const f = publishedFigures(content['loan-programs']);
  if (!f) return [];
  const found: Contradiction[] = [];
  for (const section of ['faq-borrowers', 'faq-investors'] as const)
    for (const entry of content[section])
      for (const sentence of entry.answer.split(/(?<=[.!?])\s+/)) {
        const wrong = checkSentence(sentence, f);
        if (wrong.length) found.push({ section, where: entry.question, sentence, expected: wrong.join('; ') });
      }
  return found;
}
