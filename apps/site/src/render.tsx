import { renderToString } from 'react-dom/server';
import { SITE_MENU_PAGES, type SiteImage } from '@darkroom/contracts';
import css from './site.css?raw';
import { largest } from './components';
import {
  ContactDetails,
  AboutPage,
  ClientGalleryPage,
  ContactPage,
  HomePage,
  LoveStoriesPage,
  LoveStoryPage,
  NotFoundPage,
  ServicePage,
  ServicesPage,
} from './pages';
import { sitePaths, type Layout, type PageModel } from './model';

export * from './model';
export { renderDeliveryPage } from './delivery';

interface Meta {
  title: string;
  description: string;
  image: SiteImage | null;
  jsonLd: object[];
  /** false for pages search engines should not keep (not found, thank-you state). */
  index: boolean;
}

const clip = (text: string, max = 160) => {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

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
        title: settings.tagline ? `${studio} | ${settings.tagline}` : studio,
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
        title: `${page.service.name} | ${studio}`,
        description: clip(page.service.description),
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
        title: `${page.story.title} | ${studio}`,
        description: clip(page.story.description1),
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
        title: `About us | ${studio}`,
        description: clip(page.about?.info_text1 || description),
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
      return <ContactPage page={page} />;
    case 'client-gallery':
      return <ClientGalleryPage page={page} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

function currentSection(path: string): string {
  return SITE_MENU_PAGES.find((p) => path.startsWith(p.path))?.path ?? (path === '/' ? '/' : '');
}

function MenuLinks({
  menu,
  section,
  className,
}: {
  menu: readonly (typeof SITE_MENU_PAGES)[number][];
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
  const section = currentSection(path);
  const menu = SITE_MENU_PAGES.filter((p) => settings.menu_pages.includes(p.key));
  const og = meta.image ? layout.origin + (meta.image.wide ?? meta.image.url) : null;
  const hero = meta.image && page.kind !== 'not-found' ? meta.image : null;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {meta.index ? <link rel="canonical" href={canonical} /> : <meta name="robots" content="noindex" />}
        {hero && (
          <link rel="preload" as="image" href={hero.url} imageSrcSet={hero.srcset || undefined} imageSizes="100vw" fetchPriority="high" />
        )}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={settings.studio_name} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        {og && <meta property="og:image" content={og} />}
        <meta name="twitter:card" content={og ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        {og && <meta name="twitter:image" content={og} />}
        <meta name="theme-color" content="#1d1b19" />
        <link rel="icon" href="data:," />
        <style dangerouslySetInnerHTML={{ __html: css }} />
        {meta.jsonLd.map((data, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />
        ))}
        {layout.script && <script type="module" src={layout.script} />}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="bar">
          <a className="brand" href="/" aria-current={section === '/' ? 'page' : undefined}>
            {settings.studio_name}
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

export function renderRobots(origin: string): string {
  return `User-agent: *\nDisallow: /admin-account/\nDisallow: /adminportal/\nDisallow: /accounts/\nDisallow: /g/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export { sitePaths };
