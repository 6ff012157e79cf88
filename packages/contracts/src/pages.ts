/** Page ids of the public site (spec: 1 Contact us ... 7 About us). */
export const PAGES = [
  { id: 1, name: 'Contact us', slug: 'contact-us' },
  { id: 2, name: 'Home', slug: 'home' },
  { id: 3, name: 'Client gallery', slug: 'client-gallery' },
  { id: 4, name: 'Love story', slug: 'love-story' },
  { id: 5, name: 'Services', slug: 'services' },
  { id: 6, name: 'Blog', slug: 'blog' },
  { id: 7, name: 'About us', slug: 'about-us' },
] as const;
export type PageId = (typeof PAGES)[number]['id'];
export const PAGE_IDS = PAGES.map((p) => p.id) as PageId[];
export function pageName(id: number): string {
  return PAGES.find((p) => p.id === id)?.name ?? `Page ${id}`;
}
