/**
 * The flags Node runs the server bundle with: `npm start` (scripts/start.mjs) and the benches.
 * - Source maps give stack traces the TypeScript files and names.
 * - A 4 MB young generation (semi-space; V8's default is 16 MB): the server's garbage is freed
 *   sooner, and a 60-photo ingest peaked 15-30 MB lower at the same upload speed.
 * - No allocation-site pretenuring. After one gallery upload (nine photos), every young-generation
 *   collection under load kept 2.7 MB alive and moved it to the old generation (11 KB before the
 *   upload, and after a restart): 3.9 ms a collection instead of 0.4, and the cached home page
 *   answered 22-24k requests a second instead of 26-29k until the server restarted. With
 *   pretenuring off, the collections after an upload are as before it.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4', '--no-allocation-site-pretenuring'];
