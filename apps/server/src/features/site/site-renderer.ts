import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SitePost } from '@darkroom/contracts';
import type { DeliveryLayout, DeliveryPageModel, EnquiryFormState, GalleryLinksFormState, Layout, PageModel } from '@darkroom/site/model';

/** What the built renderer (apps/site, `vite build --ssr`) exports. */
export interface RendererModule {
  renderPage(page: PageModel, layout: Layout, path: string): string;
  renderSitemap(origin: string, paths: { path: string; lastmod?: string }[]): string;
  renderRobots(origin: string): string;
  renderFeed(origin: string, studio: string, posts: SitePost[]): string;
  /** The customer's gallery page at `/g/<token>/` (features/delivery), open or locked. */
  renderDeliveryPage(model: DeliveryPageModel, layout: DeliveryLayout): string;
  GALLERY_PAGE_SIZE: number;
  DELIVERY_PAGE_SIZE: number;
  EMPTY_ENQUIRY: EnquiryFormState;
  EMPTY_GALLERY_LINKS: GalleryLinksFormState;
}

/** The built client scripts by name (`site`, `delivery`): their hashed URLs from Vite's manifest. */
function clientScripts(siteDist: string): Record<string, string> {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(siteDist, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; name?: string; isEntry?: boolean }
    >;
    return Object.fromEntries(
      Object.values(manifest)
        .filter((m) => m.isEntry && m.name)
        .map((m) => [m.name!, `/site-assets/${m.file}`]),
    );
  } catch {
    return {};
  }
}

/** Neither a build of the website nor its source (a server started before `npm run build`). */
export class SiteNotBuilt extends Error {
  constructor() {
    super('The website is not built yet: run `npm run build`.');
  }
}

/**
 * The public website's renderer, built once per process (runtime.ts) and shared by the site's
 * pages and the customer's delivery page. The production build is loaded when the first page is
 * drawn; without one, the source (which only a Vite-based runner, the tests, can import).
 */
export class SiteRenderer {
  private loading: Promise<RendererModule> | null = null;
  /** The client scripts' URLs; none before a build. */
  readonly scripts: { site: string | null; delivery: string | null };

  constructor(private readonly siteDist: string) {
    const scripts = clientScripts(siteDist);
    this.scripts = { site: scripts.site ?? null, delivery: scripts.delivery ?? null };
  }

  /** The renderer's module; rejects with `SiteNotBuilt` when there is neither a build nor the source. */
  module(): Promise<RendererModule> {
    if (!this.loading) {
      this.loading = this.load();
      this.loading.catch(() => (this.loading = null));
    }
    return this.loading;
  }

  private async load(): Promise<RendererModule> {
    const built = path.join(this.siteDist, 'server', 'render.js');
    if (fs.existsSync(built)) return (await import(pathToFileURL(built).href)) as RendererModule;
    const source = '@darkroom/site/render';
    try {
      return (await import(/* @vite-ignore */ source)) as RendererModule;
    } catch {
      throw new SiteNotBuilt();
    }
  }
}
