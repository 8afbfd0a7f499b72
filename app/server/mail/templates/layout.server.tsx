/**
 * The shared frame of every e-mail (issue 22 "E-mails as typed components"): the lender's name
 * as a header, one white card with the title, the message and its one action, and the legal line
 * (legal name, address, licences) as a footer, in the site's navy, brass and ivory. Values reach
 * the HTML only as React text and attributes, so React escapes them; nothing here sets inner HTML.
 *
 * The plain-text part is rendered from the same tree (`render(el, { plainText: true })`), so the
 * pieces are chosen to read well as text too: a fact is one paragraph 'Label: value', a line
 * break in a value is a `<br>`, and the action is a link whose address follows its label.
 * Layout tables come from React Email's `Container` and `Section` only, where e-mail clients
 * need them for a centred, fixed-width column.
 */
import { Body, Button, Container, Head, Heading, Hr, Html, Section, Text } from '@react-email/components';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { companyInfo } from '../../env.server';

// The site's palette (app/app.css): navy-900, brass-500, ivory, ink, and a muted slate that
// keeps 4.5:1 on ivory and on white.
const NAVY = '#11203a';
const BRASS = '#b8862f';
const IVORY = '#faf8f3';
const INK = '#16202e';
const MUTED = '#556274';
const RULE = '#e4e1d8';
const SANS = "'Segoe UI', Helvetica, Arial, sans-serif";
const SERIF = 'Georgia, serif';

const body: CSSProperties = { margin: 0, backgroundColor: IVORY, fontFamily: SANS, color: INK };
const column: CSSProperties = { maxWidth: '560px', margin: '0 auto', padding: '32px 24px' };
const brand: CSSProperties = { fontFamily: SERIF, fontSize: '20px', color: NAVY, margin: '0 0 24px' };
const card: CSSProperties = {
  backgroundColor: '#ffffff',
  border: `1px solid ${RULE}`,
  borderTop: `4px solid ${BRASS}`,
  borderRadius: '12px',
  padding: '28px',
};
const title: CSSProperties = { fontFamily: SERIF, fontSize: '22px', lineHeight: '1.3', color: NAVY, margin: '0 0 12px' };
const paragraph: CSSProperties = { fontSize: '15px', lineHeight: '1.6', color: INK, margin: '0 0 16px' };
const fact: CSSProperties = { fontSize: '15px', lineHeight: '1.5', color: INK, margin: '0 0 6px' };
const factLabel: CSSProperties = { color: MUTED, fontWeight: 600 };
const button: CSSProperties = {
  backgroundColor: NAVY,
  color: '#ffffff',
  padding: '12px 20px',
  borderRadius: '6px',
  fontSize: '15px',
  fontWeight: 600,
  textDecoration: 'none',
};
const legal: CSSProperties = { fontSize: '12px', lineHeight: '1.5', color: MUTED, margin: '0' };

/** A value's lines joined by `<br>` (a message keeps its line breaks in both parts). */
function Lines({ value }: { value: string }) {
  const lines = value.split(/\r?\n/);
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {line}
    </Fragment>
  ));
}

/** One paragraph of the message; its line breaks are kept. */
export function Paragraph({ children }: { children: string }) {
  return (
    <Text style={paragraph}>
      <Lines value={children} />
    </Text>
  );
}

/** A fact shown as 'Label: value'; an empty value shows '—'. */
export type Fact = readonly [label: string, value: string | null | undefined];

/** The facts of the message, one paragraph 'Label: value' each (a list, not a table: it reads as text too). */
export function Facts({ rows }: { rows: readonly Fact[] }) {
  if (rows.length === 0) return null;
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={fact}>
          <span style={factLabel}>{label}:</span> <Lines value={value || '—'} />
        </Text>
      ))}
    </Section>
  );
}

/** The e-mail's one action: `label` linking to `href`, an absolute http(s) address. */
export interface EmailAction {
  href: string;
  label: string;
}

/**
 * The frame of an e-mail: `title` as its heading, `children` (paragraphs and facts), then
 * `action` as a button. @throws Error when `action.href` is not an absolute http(s) address:
 * an e-mail is read outside the site, where a relative link leads nowhere.
 */
export function EmailLayout({ title: heading, action, children }: { title: string; action?: EmailAction; children: ReactNode }) {
  const company = companyInfo();
  if (action && !/^https?:\/\//.test(action.href)) throw new Error(`E-mail link must be absolute: ${action.href}`);
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{heading}</title>
      </Head>
      <Body style={body}>
        <Container style={column}>
          <Text style={brand}>{company.name}</Text>
          <Section style={card}>
            <Heading as="h1" style={title}>
              {heading}
            </Heading>
            {children}
            {action && (
              <Section style={{ margin: '24px 0 0' }}>
                <Button href={action.href} style={button}>
                  {action.label}
                </Button>
              </Section>
            )}
          </Section>
          <Hr style={{ borderColor: RULE, margin: '24px 0 12px' }} />
          <Text style={legal}>
            {company.legalName} · {company.address}
            <br />
            {company.nvLicense} · {company.nmlsId} · {company.caDre}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * One e-mail template: its typed payload `P` (what the outbox row stores, JSON), the subject
 * made from it, and the component that draws the message. The registry
 * (`../templates.server.ts`) maps each template name to one of these.
 */
export interface EmailTemplate<P> {
  subject(payload: P): string;
  Component(payload: P): ReactNode;
}

/** Declares a template with payload type `P` (the identity, for inference). */
export function defineEmail<P>(template: EmailTemplate<P>): EmailTemplate<P> {
  return template;
}
