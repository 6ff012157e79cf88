import { renderToString } from 'react-dom/server';
import { SITE_MENU_PAGES, type SiteImage, type SitePost } from '@darkroom/contracts';
import css from './site.css?raw';
import { largest } from './components';
import {
  ContactDetails,
  AboutPage,
  ClientGalleryPage,
  ContactPage,
  HomePage,
  JournalPage,
  LoveStoriesPage,
  LoveStoryPage,
  NotFoundPage,
  PostPage,
  ServicePage,
  ServicesPage,
} from './pages';
import { sitePaths, type Layout, type PageModel } from './model';
import { BrandHead, BrandMark, brandCss } from './brand';

export * from './model';
export { renderDeliveryPage } from './delivery';

interface Meta {
  title: string;
  description: string;
  image: SiteImage | null;
  jsonLd: object[];
  /** false for pages search engines should not keep (not found, thank-you state). */
  index: boolean;
  /** Open Graph type: a post is an article. */
  type?: 'website' | 'article';
}

const clip = (text: string, max = 160) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

function blogPosting(p: SitePost, layout: Layout, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: p.title.slice(0, 110),
    description: p.seo_description || p.excerpt,
    url,
    mainEntityOfPage: url,
    datePublished: p.published_at,
    dateModified: p.updated_at,
    ...(p.cover ? { image: layout.origin + largest(p.cover) } : {}),
    ...(p.tags.length ? { keywords: p.tags.join(', ') } : {}),
    author: { '@type': 'Organization', name: layout.settings.studio_name, url: `${layout.origin}/` },
    publisher: { '@id': `${layout.origin}/#studio`, '@type': 'Organization', name: layout.settings.studio_name },
  };
}

function metaOf(page: PageModel, layout: Layout, path: string): Meta {
  const { settings } = layout;
  const studio = settings.studio_name;
  const url = layout.origin + path;
  const business = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${layout.origin}/#studio`,
    name: studio,
    description: settings.seo_description || settings.tagline,
    url: `${layout.origin}/`,
    ...(layout.contact.content?.phone || layout.contact.info[0]?.phone
      ? { telephone: layout.contact.content?.phone || layout.contact.info[0]?.phone }
      : {}),
    ...(layout.contact.content?.email || layout.contact.info[0]?.email
      ? { email: layout.contact.content?.email || layout.contact.info[0]?.email }
      : {}),
    ...(layout.contact.content?.address || layout.contact.info[0]?.address
      ? { address: layout.contact.content?.address || layout.contact.info[0]?.address }
      : {}),
    ...(settings.social_links.length ? { sameAs: settings.social_links.map((l) => l.url) } : {}),
  };
  const photographs = (name: string, images: SiteImage[]) => ({
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name,
    url,
    image: images
      .slice(0, 20)
      .map((i) => ({ '@type': 'Photograph', contentUrl: layout.origin + largest(i), width: i.width, height: i.height })),
  });
  const description = settings.seo_description || settings.tagline;
  switch (page.kind) {
    case 'home':
      return {
        title: settings.home_seo_title || (settings.tagline ? `${studio} | ${settings.tagline}` : studio),
        description,
        image: page.hero ?? page.carousel[0]?.image ?? null,
        jsonLd: [business],
        index: true,
      };
    case 'services':
      return {
        title: `Services | ${studio}`,
        description: clip(page.servicePage?.description || `The photography services of ${studio}.`),
        image: page.hero,
        jsonLd: [],
        index: true,
      };
    case 'service':
      return {
        title: `${page.service.seo_title || page.service.name} | ${studio}`,
        description: clip(page.service.seo_description || page.service.description),
        image: page.service.cover,
        jsonLd: [
          photographs(
            page.service.name,
            page.gallery.photos.map((p) => p.image),
          ),
        ],
        index: true,
      };
    case 'love-stories':
      return {
        title: `Love stories | ${studio}`,
        description: clip(`Weddings and couples photographed by ${studio}.`),
        image: page.hero ?? page.stories[0]?.cover ?? null,
        jsonLd: [],
        index: true,
      };
    case 'love-story':
      return {
        title: `${page.story.seo_title || page.story.title} | ${studio}`,
        description: clip(page.story.seo_description || page.story.description1),
        image: page.story.cover,
        jsonLd: [
          photographs(
            page.story.title,
            page.story.gallery.map((p) => p.image),
          ),
        ],
        index: true,
      };
    case 'about':
      return {
        title: `${page.about?.seo_title || 'About us'} | ${studio}`,
        description: clip(page.about?.seo_description || page.about?.info_text1 || description),
        image: page.hero ?? page.about?.page_image ?? null,
        jsonLd: [business],
        index: true,
      };
    case 'contact':
      return {
        title: `Contact us | ${studio}`,
        description: clip(page.contact.content?.description || `Get in touch with ${studio}.`),
        image: page.hero,
        jsonLd: [business],
        index: !page.form.sent,
      };
    case 'client-gallery':
      return {
        title: `Client gallery | ${studio}`,
        description: clip(`Customers of ${studio}: get the links to your client galleries by e-mail.`),
        image: page.hero,
        jsonLd: [],
        index: !page.form.sent,
      };
    case 'journal':
      return {
        title: page.tag ? `Journal: ${page.tag} | ${studio}` : `Journal | ${studio}`,
        description: clip(`Weddings, venues and stories from ${studio}.`),
        image: page.hero ?? page.posts.items.find((p) => p.cover)?.cover ?? null,
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@type': 'Blog',
            name: `${studio} journal`,
            url,
            blogPost: page.posts.items.map((p) => ({
              '@type': 'BlogPosting',
              headline: p.title,
              url: layout.origin + p.path,
              datePublished: p.published_at,
            })),
          },
        ],
        index: true,
      };
    case 'post': {
      const p = page.post;
      return {
        title: `${p.seo_title || p.title} | ${studio}`,
        description: clip(p.seo_description || p.excerpt || description),
        image: p.cover,
        jsonLd: [blogPosting(p, layout, url)],
        index: true,
        type: 'article',
      };
    }
    case 'not-found':
      return { title: `Page not found | ${studio}`, description, image: null, jsonLd: [], index: false };
  }
}

function Body({ page, layout }: { page: PageModel; layout: Layout }) {
  const { settings } = layout;
  switch (page.kind) {
    case 'home':
      return <HomePage page={page} studio={settings.studio_name} tagline={settings.tagline} />;
    case 'services':
      return <ServicesPage page={page} />;
    case 'service':
      return <ServicePage page={page} />;
    case 'love-stories':
      return <LoveStoriesPage page={page} />;
    case 'love-story':
      return <LoveStoryPage page={page} />;
    case 'about':
      return <AboutPage page={page} />;
    case 'contact':
      return <ContactPage page={page} settings={settings} />;
    case 'client-gallery':
      return <ClientGalleryPage page={page} />;
    case 'journal':
      return <JournalPage page={page} />;
    case 'post':
      return <PostPage page={page} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

/** The menu's entries: the pages chosen in Site settings, and the journal once a post is published. */
function menuOf(layout: Layout): { key: string; label: string; path: string }[] {
  const menu: { key: string; label: string; path: string }[] = SITE_MENU_PAGES.filter((p) => layout.settings.menu_pages.includes(p.key));
  if (layout.journal) menu.splice(Math.max(0, menu.length - 1), 0, { key: 'journal', label: 'Journal', path: sitePaths.journal });
  return menu;
}

function currentSection(path: string, menu: { path: string }[]): string {
  return menu.find((p) => path.startsWith(p.path))?.path ?? (path === '/' ? '/' : '');
}

const OG_WIDTH = 1200;
const OG_HEIGHT = 630;

/**
 * The page image's link preview: a 1200x630 JPEG the server derives from its 16:9 crop when first
 * asked for (`/media/og/<crop>.jpg`, media/assets.ts), since some previews refuse WebP.
 */
function ogUrl(image: SiteImage): string {
  return image.wide ? image.wide.replace(/^\/media\/(d\/.+)\.webp$/, '/media/og/$1.jpg') : image.url;
}

function MenuLinks({
  menu,
  section,
  className,
}: {
  menu: readonly { key: string; label: string; path: string }[];
  section: string;
  className?: string;
}) {
  return (
    <ul className={className}>
      {menu.map((m) => (
        <li key={m.key}>
          <a href={m.path} aria-current={section === m.path ? 'page' : undefined}>
            {m.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Document({ page, layout, path, meta }: { page: PageModel; layout: Layout; path: string; meta: Meta }) {
  const { settings } = layout;
  const canonical = layout.origin + path;
  const menu = menuOf(layout);
  const section = currentSection(path, menu);
  const og = meta.image ? layout.origin + ogUrl(meta.image) : null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.index ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
        {/* No image preload here: React writes one into the head for each eager image, with the
            srcset and sizes it is drawn at (the hero, or the first card where there is none). */}
        <meta property="og:type" content={meta.type ?? 'website'} />
        <meta property="og:site_name" content={settings.studio_name} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        {og && <meta property="og:image" content={og} />}
        {og && meta.image?.wide && (
          <>
            <meta property="og:image:type" content="image/jpeg" />
            <meta property="og:image:width" content={String(OG_WIDTH)} />
            <meta property="og:image:height" content={String(OG_HEIGHT)} />
          </>
        )}
        <meta name="twitter:card" content={og ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        {og && <meta name="twitter:image" content={og} />}
        <meta name="theme-color" content="#1d1b19" />
        <BrandHead brand={layout.brand} />
        <style dangerouslySetInnerHTML={{ __html: css + brandCss(layout.brand) }} />
        {meta.jsonLd.map((data, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />
        ))}
        {layout.journal && (
          <link rel="alternate" type="application/rss+xml" title={`${settings.studio_name} journal`} href={sitePaths.feed} />
        )}
        {layout.script && <script type="module" src={layout.script} />}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="bar">
          <a className="brand" href="/" aria-current={section === '/' ? 'page' : undefined}>
            <BrandMark brand={layout.brand} studio={settings.studio_name} />
          </a>
          {menu.length > 0 && (
            <nav aria-label="Main">
              {/* A phone's menu folds behind a button (a disclosure: no script needed); wider
                  screens show the same links in a row. CSS shows one of the two. */}
              <details className="menu-fold" data-menu>
                <summary>Menu</summary>
                <MenuLinks menu={menu} section={section} />
              </details>
              <MenuLinks menu={menu} section={section} className="menu-row" />
            </nav>
          )}
        </header>
        <main id="main">
          <Body page={page} layout={layout} />
        </main>
        <footer className="footer">
          <div className="wrap footer-grid">
            <div>
              <p className="brand">{settings.studio_name}</p>
              {settings.tagline && <p>{settings.tagline}</p>}
              {/* The menu's pages are a fixed list in Site settings; customers find their page here. */}
              <p>
                <a href={sitePaths.clientGallery} aria-current={path.startsWith(sitePaths.clientGallery) ? 'page' : undefined}>
                  Client gallery
                </a>
              </p>
            </div>
            {page.kind !== 'contact' && (
              <div>
                <ContactDetails contact={layout.contact} />
              </div>
            )}
            {settings.social_links.length > 0 && (
              <ul className="social" aria-label="Social links">
                {settings.social_links.map((l) => (
                  <li key={l.url}>
                    <a href={l.url} rel="me noopener">
                      {l.label}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </footer>
      </body>
    </html>
  );
}

/** The whole HTML document of a page. */
export function renderPage(page: PageModel, layout: Layout, path: string): string {
  const meta = metaOf(page, layout, path);
  return `<!doctype html>${renderToString(<Document page={page} layout={layout} path={path} meta={meta} />)}`;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `sitemap.xml` of the published pages. */
export function renderSitemap(origin: string, paths: { path: string; lastmod?: string }[]): string {
  const urls = paths
    .map((p) => `<url><loc>${xml(origin + p.path)}</loc>${p.lastmod ? `<lastmod>${xml(p.lastmod)}</lastmod>` : ''}</url>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`;
}

/** The journal's feed (RSS 2.0): the newest posts with their bodies. */
export function renderFeed(origin: string, studio: string, posts: SitePost[]): string {
  const items = posts
    .map((p) => {
      const link = origin + p.path;
      return (
        `<item><title>${xml(p.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid>` +
        `<pubDate>${new Date(p.published_at).toUTCString()}</pubDate>` +
        (p.excerpt ? `<description>${xml(p.excerpt)}</description>` : '') +
        p.tags.map((t) => `<category>${xml(t)}</category>`).join('') +
        `<content:encoded>${xml(p.html)}</content:encoded></item>`
      );
    })
    .join('');
  const updated = posts[0] ? `<lastBuildDate>${new Date(posts[0].updated_at).toUTCString()}</lastBuildDate>` : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">` +
    `<channel><title>${xml(`${studio} journal`)}</title><link>${xml(`${origin}/journal/`)}</link>` +
    `<description>${xml(`Weddings, venues and stories from ${studio}.`)}</description><language>en</language>` +
    `<atom:link href="${xml(`${origin}/journal/feed.xml`)}" rel="self" type="application/rss+xml"/>${updated}${items}</channel></rss>\n`
  );
}

export function renderRobots(origin: string): string {
  return `User-agent: *\nDisallow: /admin-account/\nDisallow: /adminportal/\nDisallow: /accounts/\nDisallow: /g/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export { sitePaths };
