/**
 * Runs every benchmark in turn and prints its figures with ratios to a baseline measured in the
 * same run. Not a test: nothing here fails a build. `npm run bench` (root) calls it; pass names
 * to run a subset: `npm run bench -- ingest`.
 */
import { runApi } from './api';
import { runIngest } from './ingest';
import { runSite } from './site';
import { runViewGallery } from './view-gallery';

const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  api: runApi,
  ingest: runIngest,
  'view-gallery': runViewGallery,
  site: runSite,
};

const wanted = process.argv.slice(2).filter((a) => a in BENCHMARKS);
const names = wanted.length ? wanted : Object.keys(BENCHMARKS);
const t0 = performance.now();
for (const name of names) await BENCHMARKS[name]!();
console.log(`\nBenchmarks done in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
