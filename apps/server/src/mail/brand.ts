import type { AppContext } from '../context';
import { listContactInfoRows, listContactUsRows } from '../features/contact/contact.repository';
import { mailBrandExtras } from '../features/site/branding.service';
import { getSiteSettings } from '../features/site/site-settings.service';

/** What an e-mail shows of the studio: its name, how to reach it, and its look. */
export interface Brand {
  /** The studio's name: the From display name, the header (without a logo) and the signature. */
  name: string;
  /** The studio's contact address: Reply-To and the footer; null when unset. */
  contactEmail: string | null;
  phone: string | null;
  /** The website's address (PUBLIC_URL), linked from the footer; null when unknown. */
  siteUrl: string | null;
  /** An absolute URL of the studio's logo; the name is set in type without one. */
  logoUrl?: string;
  /** The accent (button, rules) as #rrggbb; DEFAULT_ACCENT when the studio chose none. */
  accent: string;
}

/** A neutral warm charcoal: reads as a studio's colour on any photograph, never as a product's. */
export const DEFAULT_ACCENT = '#2f2b28';

/** Only a plain #rrggbb reaches the e-mail's CSS; anything else is the default. */
export const safeAccent = (value: string | null | undefined): string =>
  value && /^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim().toLowerCase() : DEFAULT_ACCENT;

/**
 * The brand of every e-mail, read from what the studio has set: the Site settings' studio name,
 * the e-mail and phone of the first contact details (as the expired-gallery page shows them),
 * else the Contact page's; the logo (its PNG copy: many mail programs show no WebP) and the
 * accent from Site settings' branding (without them: the name in type, the neutral accent).
 */
export async function studioBrand(ctx: AppContext): Promise<Brand> {
  const [settings, infos, pages, extras] = await Promise.all([
    getSiteSettings(ctx),
    listContactInfoRows(ctx.db),
    listContactUsRows(ctx.db),
    mailBrandExtras(ctx, ctx.config.publicUrl ?? ''),
  ]);
  const contact = [...infos, ...pages].find((c) => c.email.trim());
  return {
    name: settings.studio_name.trim() || 'Our studio',
    contactEmail: contact?.email.trim() || null,
    phone: contact?.phone.trim() || null,
    siteUrl: ctx.config.publicUrl,
    // The logo needs an absolute address: without PUBLIC_URL the name is set in type.
    ...(ctx.config.publicUrl && extras.logoUrl ? { logoUrl: extras.logoUrl } : {}),
    accent: safeAccent(extras.accent),
  };
}
