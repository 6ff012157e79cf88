import type { CSSProperties } from 'react';
import { safeAccent, type Brand } from '../brand';
import { COVER_CID, type MailContent } from '../content';

const SERIF = "Georgia, 'Times New Roman', Times, serif";
const SANS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";
const INK = '#2b2724';
const MUTED = '#7a736c';
const PAPER = '#f4f1ec';
const LINE = '#e6e0d8';

/** Black or white text on the accent, whichever reads (WCAG relative luminance). */
function onAccent(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.45 ? '#1a1a1a' : '#ffffff';
}

// Every image is fetchPriority="low": React's renderer would otherwise add a <link rel="preload">
// for it to the head, which means nothing in a mail client.

/** Text with its line breaks, as mail clients show them (no white-space CSS in some). */
const lines = (text: string) => text.split('\n').flatMap((line, i) => (i ? [<br key={i} />, line] : [line]));

/**
 * The HTML part of every e-mail: the studio's logo or name, the cover (inline, `cid:`), the
 * words, one button in the studio's accent, and the studio's contact details. Tables and inline
 * styles (react-email's components), one column at most 600 px wide: it reads on a phone and in
 * Outlook alike. react-email is loaded with the first e-mail, not at start-up.
 */
export async function renderMailHtml(brand: Brand, c: MailContent, opts: { cover: boolean }): Promise<string> {
  const { Body, Button, Column, Container, Head, Heading, Html, Img, Link, Preview, Row, Section, Text, render } =
    await import('@react-email/components');
  const accent = safeAccent(brand.accent);
  const text: CSSProperties = { fontFamily: SANS, fontSize: '16px', lineHeight: '26px', color: INK, margin: '0 0 16px' };
  const small: CSSProperties = { ...text, fontSize: '13px', lineHeight: '20px', color: MUTED, margin: '0 0 8px' };
  const reach = [
    brand.contactEmail && (
      <Link key="e" href={`mailto:${brand.contactEmail}`} style={{ color: MUTED, textDecoration: 'underline' }}>
        {brand.contactEmail}
      </Link>
    ),
    brand.phone && <span key="p">{brand.phone}</span>,
    brand.siteUrl && (
      <Link key="s" href={brand.siteUrl} style={{ color: MUTED, textDecoration: 'underline' }}>
        {brand.siteUrl.replace(/^https?:\/\//, '')}
      </Link>
    ),
  ].filter(Boolean);

  const email = (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        {/* A phone's narrow screen: less margin around the words (clients without media queries keep 40 px). */}
        <style>{'@media only screen and (max-width: 480px) { .words { padding: 28px 22px 20px !important; } }'}</style>
      </Head>
      <Preview>{c.preview}</Preview>
      <Body style={{ backgroundColor: PAPER, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '600px', width: '100%', margin: '0 auto' }}>
          <Section style={{ padding: '8px 24px 24px', textAlign: 'center' }}>
            {brand.logoUrl ? (
              <Img
                src={brand.logoUrl}
                alt={brand.name}
                height="48"
                fetchPriority="low"
                style={{ margin: '0 auto', height: '48px', width: 'auto' }}
              />
            ) : (
              <Text
                style={{
                  fontFamily: SERIF,
                  fontSize: '20px',
                  lineHeight: '28px',
                  letterSpacing: '4px',
                  textTransform: 'uppercase',
                  color: INK,
                  margin: 0,
                }}
              >
                {brand.name}
              </Text>
            )}
          </Section>
          <Section
            style={{
              backgroundColor: '#ffffff',
              borderTop: opts.cover ? undefined : `4px solid ${accent}`,
              borderRadius: '4px',
              overflow: 'hidden',
            }}
          >
            {opts.cover && (
              <Img
                src={`cid:${COVER_CID}`}
                alt=""
                width="600"
                fetchPriority="low"
                style={{ display: 'block', width: '100%', maxWidth: '600px', height: 'auto', border: 0 }}
              />
            )}
            <Section className="words" style={{ padding: '36px 40px 28px' }}>
              {c.greeting && <Text style={text}>{c.greeting}</Text>}
              {c.heading && (
                <Heading
                  as="h1"
                  style={{ fontFamily: SERIF, fontSize: '28px', lineHeight: '36px', fontWeight: 400, color: INK, margin: '0 0 20px' }}
                >
                  {c.heading}
                </Heading>
              )}
              {c.paragraphs.map((p, i) => (
                <Text key={i} style={text}>
                  {lines(p)}
                </Text>
              ))}
              {c.details && c.details.length > 0 && (
                <Section style={{ margin: '4px 0 20px' }}>
                  {c.details.map((d, i) => (
                    <Row key={i} style={{ borderBottom: `1px solid ${LINE}` }}>
                      <Column style={{ ...small, width: '38%', padding: '8px 12px 8px 0', margin: 0, verticalAlign: 'top' }}>
                        {d.label}
                      </Column>
                      <Column style={{ ...text, fontSize: '15px', lineHeight: '22px', padding: '8px 0', margin: 0, verticalAlign: 'top' }}>
                        {d.value}
                      </Column>
                    </Row>
                  ))}
                </Section>
              )}
              {c.quote && (
                <Section style={{ borderLeft: `3px solid ${accent}`, backgroundColor: PAPER, padding: '14px 20px', margin: '8px 0 20px' }}>
                  <Text style={{ ...text, fontFamily: SERIF, fontStyle: 'italic', margin: 0 }}>{lines(c.quote.text)}</Text>
                  {c.quote.by && <Text style={{ ...small, margin: '8px 0 0' }}>{c.quote.by}</Text>}
                </Section>
              )}
              {c.button && (
                <Section style={{ textAlign: 'center', padding: '12px 0 24px' }}>
                  <Button
                    href={c.button.url}
                    style={{
                      backgroundColor: accent,
                      color: onAccent(accent),
                      fontFamily: SANS,
                      fontSize: '15px',
                      fontWeight: 600,
                      letterSpacing: '0.5px',
                      borderRadius: '3px',
                      padding: '15px 32px',
                      textDecoration: 'none',
                    }}
                  >
                    {c.button.label}
                  </Button>
                </Section>
              )}
              {c.links?.map((l, i) => (
                <Section
                  key={i}
                  style={{ borderTop: i ? `1px solid ${LINE}` : undefined, padding: i === c.links!.length - 1 ? '14px 0 24px' : '14px 0' }}
                >
                  <Link
                    href={l.url}
                    style={{
                      fontFamily: SERIF,
                      fontSize: '19px',
                      lineHeight: '26px',
                      color: INK,
                      textDecoration: 'underline',
                      textDecorationColor: accent,
                    }}
                  >
                    {l.label}
                  </Link>
                  {l.note && <Text style={{ ...small, margin: '4px 0 0' }}>{l.note}</Text>}
                </Section>
              ))}
              {c.notes?.map((n, i) => (
                <Text key={i} style={small}>
                  {n}
                </Text>
              ))}
            </Section>
          </Section>
          <Section style={{ padding: '24px 24px 8px', textAlign: 'center' }}>
            <Text style={{ ...small, fontFamily: SERIF, fontSize: '15px', color: INK, margin: '0 0 6px' }}>{brand.name}</Text>
            {reach.length > 0 && (
              <Text style={{ ...small, margin: 0 }}>{reach.flatMap((r, i) => (i ? [<span key={`d${i}`}>{'  ·  '}</span>, r] : [r]))}</Text>
            )}
          </Section>
        </Container>
      </Body>
    </Html>
  );
  return render(email);
}
