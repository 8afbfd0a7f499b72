/**
 * How published site content reaches a page (issue "First impression"): FAQ answers become text
 * and safe links only, never HTML; the track record band shows only filled figures; and the page
 * cache's version reads (`freshReader`) give every caller a value read after it asked while
 * callers arriving together share reads.
 */
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { freshReader } from '~/server/fresh-reader.server';
import { AnswerText, TrackRecordBand } from '~/components/marketing/site-content';
import { DEFAULT_CONTENT } from '~/content/site-content';
import { answerParagraphs } from '~/lib/site-content';

function render(element: React.ReactNode): string {
  const router = createMemoryRouter([{ path: '/', element }]);
  return renderToString(<RouterProvider router={router} />);
}

describe('FAQ answers', () => {
  it('turns [label](target) and bare https addresses into links, and nothing else', () => {
    expect(
      answerParagraphs('See [our terms](/borrowers#programs) or https://example.com/a.pdf.\n\nThen [write](mailto:a@b.c).'),
    ).toEqual([
      [
        { text: 'See ' },
        { text: 'our terms', href: '/borrowers#programs' },
        { text: ' or ' },
        { text: 'https://example.com/a.pdf', href: 'https://example.com/a.pdf' },
        { text: '.' },
      ],
      [{ text: 'Then ' }, { text: 'write', href: 'mailto:a@b.c' }, { text: '.' }],
    ]);
    // Other schemes and protocol-relative paths stay text.
    for (const answer of [
      '[x](javascript:alert(1))',
      '[x](//evil.example)',
      '[x](http://plain.example)',
      '[x](data:text/html,hi)',
    ])
      expect(
        answerParagraphs(answer)
          .flat()
          .some((p) => 'href' in p),
      ).toBe(false);
  });

  it('renders HTML from the database as text', () => {
    const html = render(<AnswerText answer={'<script>alert(1)</script> <b>bold</b> [<img src=x onerror=alert(1)>](/contact)'} />);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toMatch(/<a [^>]*href="\/contact"[^>]*>&lt;img src=x onerror=alert\(1\)&gt;<\/a>/);
  });
});

describe('track record band', () => {
  it('is left out until a figure is filled, then shows only the filled ones with their dates', () => {
    expect(render(<TrackRecordBand record={DEFAULT_CONTENT['track-record']} />)).not.toContain('Track record');
    const html = render(
      <TrackRecordBand record={{ ...DEFAULT_CONTENT['track-record'], loansFunded: { value: 412, asOf: '2026-10-31' } }} />,
    );
    expect(html).toContain('Loans funded');
    expect(html).toContain('412');
    expect(html).toContain('Oct 31, 2026');
    expect(html).not.toContain('Total volume');
  });
});

describe('freshReader', () => {
  it('answers each caller with a read begun after it asked, sharing reads among callers that arrive together', async () => {
    let value = 0;
    let reads = 0;
    const pending: (() => void)[] = [];
    const read = () =>
      new Promise<number>((resolve) => {
        reads++;
        const seen = value;
        pending.push(() => resolve(seen));
      });
    const fresh = freshReader(read);
    const first = fresh(); // starts read 1 (sees 0)
    value = 1; // changed after read 1 began
    const second = fresh(); // must not get read 1's answer
    const third = fresh(); // shares the read after read 1
    expect(reads).toBe(1);
    pending.shift()!();
    expect(await first).toBe(0);
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    expect(reads).toBe(2);
    pending.shift()!();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
    expect(reads).toBe(2);
  });

  it('rejects the callers of a failed read and reads again for the next', async () => {
    let fail = true;
    const fresh = freshReader(async () => {
      if (fail) throw new Error('database down');
      return 7;
    });
    await expect(fresh()).rejects.toThrow('database down');
    fail = false;
    await expect(fresh()).resolves.toBe(7);
  });
});
