/**
 * The flags Node runs the server bundle with: `npm start` (scripts/start.mjs) and the benches.
 * - Source maps give stack traces the TypeScript files and names.
 * - No allocation-site pretenuring. After one gallery upload (nine photos), every young-generation
 *   collection under load kept 2.7 MB alive and moved it to the old generation (11 KB before the
 *   upload, and after a restart): 3.9 ms a collection instead of 0.4, and the cached home page
 *   answered 22-24k requests a second instead of 26-29k until the server restarted. With
 *   pretenuring off, the collections after an upload are as before it.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--no-allocation-site-pretenuring'];
