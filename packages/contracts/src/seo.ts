import { optionalText } from './forms';

/** A record's own title and description for search results and link previews (empty: from its text). */
export const SEO_LIMITS = { title: 70, description: 300 } as const;

export const seoFields = {
  seo_title: optionalText(SEO_LIMITS.title),
  seo_description: optionalText(SEO_LIMITS.description),
};
