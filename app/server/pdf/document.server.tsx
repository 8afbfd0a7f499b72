/**
 * The shared frame of every PDF the platform writes (issue 23 "Trust at first sight": the signed
 * term sheet, the suitability statement's copy; later statements): a US Letter page with the
 * lender's letterhead (name, address, phone, licences), a title and subtitle, the body, and a
 * footer with the legal line and the page number, in the site's navy, brass and ink. Built on
 * @react-pdf/renderer (React components, like the e-mails; maintained). Fonts are the PDF
 * standard Helvetica and Times, so nothing is embedded or fetched.
 *
 * - `renderPdf(element)`: the PDF's bytes (a Buffer).
 * - `PdfDocument`, `Facts` / `Fact` (a label and its value), `PdfParagraph`, `PdfHeading`: the pieces.
 *
 * Text reaches the PDF as React text only. Money and dates are formatted by the one format
 * module (app/lib/format.ts) before they get here.
 */
import { Document, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import type { ReactElement, ReactNode } from 'react';
import { companyInfo } from '../env.server';

const NAVY = '#11203a';
const BRASS = '#b8862f';
const INK = '#16202e';
const MUTED = '#556274';
const RULE = '#e4e1d8';

const styles = StyleSheet.create({
  page: { paddingTop: 48, paddingBottom: 72, paddingHorizontal: 56, fontFamily: 'Helvetica', fontSize: 10, color: INK },
  letterhead: { borderBottomWidth: 2, borderBottomColor: BRASS, paddingBottom: 10, marginBottom: 24 },
  brand: { fontFamily: 'Times-Bold', fontSize: 18, color: NAVY },
  contact: { fontSize: 8.5, color: MUTED, marginTop: 4 },
  title: { fontFamily: 'Times-Bold', fontSize: 16, color: NAVY, marginBottom: 4 },
  subtitle: { fontSize: 10, color: MUTED, marginBottom: 18 },
  heading: { fontFamily: 'Helvetica-Bold', fontSize: 11, color: NAVY, marginTop: 16, marginBottom: 6 },
  paragraph: { fontSize: 10, lineHeight: 1.5, marginBottom: 8 },
  facts: { borderTopWidth: 1, borderTopColor: RULE },
  fact: { flexDirection: 'row', borderBottomWidth: 1, borderBottomColor: RULE, paddingVertical: 5 },
  label: { width: '45%', color: MUTED },
  value: { width: '55%', textAlign: 'right', fontFamily: 'Helvetica-Bold' },
  footer: {
    position: 'absolute',
    bottom: 28,
    left: 56,
    right: 56,
    fontSize: 7.5,
    color: MUTED,
    flexDirection: 'row',
    justifyContent: 'space-between',
  },
});

/**
 * One page-flowing document with the lender's letterhead; `title` also names the PDF's metadata.
 * `pageNumbers` (default true) prints 'Page n of N' in the footer, which makes the renderer lay
 * the document out twice; a one-page document made in bulk (a monthly statement) leaves it out.
 */
export function PdfDocument({
  title,
  subtitle,
  children,
  pageNumbers = true,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  pageNumbers?: boolean;
}) {
  const company = companyInfo();
  const licences = [company.nvLicense, company.nmlsId, company.caDre].filter(Boolean).join(' · ');
  return (
    <Document title={title} author={company.legalName} creator={company.name} producer={company.name}>
      <Page size="LETTER" style={styles.page}>
        <View style={styles.letterhead} fixed>
          <Text style={styles.brand}>{company.name}</Text>
          <Text style={styles.contact}>
            {company.address} · {company.phone} · {company.email}
          </Text>
        </View>
        <Text style={styles.title}>{title}</Text>
        {subtitle ? <Text style={styles.subtitle}>{subtitle}</Text> : null}
        {children}
        <View style={styles.footer} fixed>
          <Text>
            {company.legalName} · {licences}
          </Text>
          {pageNumbers ? <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} /> : null}
        </View>
      </Page>
    </Document>
  );
}

/** A section heading inside a document. */
export function PdfHeading({ children }: { children: ReactNode }) {
  return <Text style={styles.heading}>{children}</Text>;
}

/** A paragraph of body text. */
export function PdfParagraph({ children }: { children: ReactNode }) {
  return <Text style={styles.paragraph}>{children}</Text>;
}

/** A two-column table of facts; each child is a `Fact`. */
export function Facts({ children }: { children: ReactNode }) {
  return <View style={styles.facts}>{children}</View>;
}

/** One label and its value (already formatted: '$1,250,000.00', 'Nov 26, 2026'). */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.fact} wrap={false}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  );
}

/** The bytes of the PDF `document` renders (a `PdfDocument`). */
export async function renderPdf(document: ReactElement): Promise<Buffer> {
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}
