import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = process.env.DARKROOM_API ?? 'http://localhost:8001';
const BASE_URL = '/admin-account/';

/**
 * Chunks by hand, where the bundler would cut the code a screen opens with into a few dozen of
 * under 1 KB each (a screen opened on /portfolio made 45 requests; on a phone each is a round
 * trip): `boot`, the entry's own few KB with the table of where each screen's code is; `base`, React, MUI,
 * the app and the sign-in page; `api`, zod, the contracts and the fetchers; `shell`, the signed-in
 * layout, the query cache and the MUI components and shared pieces of the card pages. Each takes
 * what its modules import too, unless a group before it took it; the sign-in page never loads
 * `shell` (`npm run bench -- bundle` checks its total). Screens and dialogs keep their
 * own chunks.
 */
const SHELL_MUI = [
  ...['AppBar', 'Avatar', 'Backdrop', 'Divider', 'Drawer', 'Fade', 'Modal', 'Popper', 'Portal', 'Slide', 'Toolbar', 'Tooltip'],
  ...['List', 'ListItem', 'ListItemButton', 'ListItemText', 'ListSubheader', 'Unstable_TrapFocus'],
  ...['Dialog', 'DialogActions', 'DialogContent', 'DialogContentText', 'DialogTitle', 'AlertTitle'],
  ...['Card', 'CardActions', 'CardContent', 'FormControlLabel', 'Grid', 'Skeleton', 'Stack', 'Switch'],
];
const SHELL_ICONS = [
  'Add',
  'DarkMode',
  'DeleteOutlined',
  'EditOutlined',
  'ImageNotSupportedOutlined',
  'LightMode',
  'Menu',
  'PhotoLibraryOutlined',
];
const SHELL_APP = [
  ...[
    'app/layout/header',
    'app/layout/sidebar',
    'app/layout/loading-dialog',
    'app/layout/route-error-boundary',
    'app/layout/reauth-dialog',
  ],
  ...['app/routes', 'app/query-client', 'app/nav', 'app/route-paths', 'api/mutations'],
  ...['card-grid', 'crud-card-page', 'page-header', 'empty-state', 'publish-toggle', 'confirm-dialog', 'use-delete-confirm'].map(
    (c) => `components/${c}`,
  ),
  ...['components/use-editor-state', 'components/lazy-mount'],
];
const SEP = '[\\\\/]';

/**
 * The entry and what it imports, a few KB: it asks for the first screen's code and data as soon as
 * it runs (`app/early-start.ts`), then for `base`. Matched first, so `base` does not take these
 * modules (it imports some of them too) and the entry never waits for base to run.
 */
const BOOT = new RegExp(
  `${SEP}src${SEP}(main\\.tsx|app${SEP}(early-start|route-paths|session|screen-code)\\.ts|api${SEP}early-get\\.ts)$|` +
    `${SEP}packages${SEP}contracts${SEP}src${SEP}session\\.ts$|vite${SEP}preload-helper`,
);
/**
 * React, MUI, the router, the app and the sign-in page with everything they import, in one chunk:
 * every page loads it (the page preloads it beside the entry), and nothing of it is cut out into
 * the shell's chunk (it is matched before).
 */
const BASE = new RegExp(`${SEP}src${SEP}(app${SEP}render\\.tsx|features${SEP}account${SEP}login-page\\.tsx)$`);
/** zod, the contracts and the endpoint fetchers: the sign-in page's checks load this alone. */
const API = new RegExp(`node_modules${SEP}zod${SEP}|${SEP}src${SEP}api${SEP}(endpoints|client|failure)\\.`);
const SHELL = new RegExp(
  [
    `node_modules${SEP}@tanstack${SEP}(query-core|react-query)${SEP}`,
    `node_modules${SEP}@mui${SEP}material${SEP}(${SHELL_MUI.join('|')})${SEP}`,
    `node_modules${SEP}@mui${SEP}icons-material${SEP}(${SHELL_ICONS.join('|')})\\.`,
    `${SEP}src${SEP}(${SHELL_APP.join('|').replaceAll('/', SEP)})\\.`,
  ].join('|'),
);

/**
 * react-router's package exports name only its development build (its dev warnings switched on),
 * whatever the mode: a production build takes the production one, which differs in that switch
 * alone (remix-run/react-router#12532).
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * The entry imports `base` dynamically (it first asks for the screen's code: BOOT above), so the
 * build no longer lists it in the page: it is listed here, with what it imports, to load beside the
 * entry and not a round trip after it.
 */
function preloadBase(): Plugin {
  return {
    name: 'darkroom:preload-base',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const base = chunks.find((c) => c.name === 'base');
        if (!base) throw new Error('no base chunk to preload');
        const files = [...new Set([...base.imports, base.fileName])].filter((f) => !html.includes(f));
        return files.map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${BASE_URL}${f}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  base: BASE_URL,
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [] },
  plugins: [
    react(),
    preloadBase(),
    // Every script, style and page written a second and third time, brotli and gzip at their
    // best: the server sends those files as they are (`preCompressed`), never compressing per request.
    compression({
      include: /\.(js|mjs|css|html|svg|txt)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/accounts', '/adminportal', '/site', '/media', '/healthz'].map((p) => [p, api])),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Read by `bench/bundle.ts` (sizes of what each page loads); not served (dotted folder).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', test: (id) => BOOT.test(id), priority: 5 },
            { name: 'base', test: (id) => BASE.test(id), priority: 3 },
            { name: 'api', test: (id) => API.test(id), priority: 2 },
            { name: 'shell', test: (id) => SHELL.test(id), priority: 1 },
          ],
        },
      },
    },
  },
}));
