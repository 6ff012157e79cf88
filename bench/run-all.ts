/**
 * Runs every benchmark in turn and prints its figures with ratios to a baseline measured in the
 * same run. Not a test: nothing here fails a build. `npm run bench` (root) calls it; pass names
 * to run a subset: `npm run bench -- ingest`.
 */
import { runApi } from './api';
import { runBundle } from './bundle';
import { runColdpath } from './coldpath';
import { runDelivery } from './delivery';
import { runDeliveryPage } from './delivery-page';
import { runIngest } from './ingest';
import { runJournal } from './journal';
import { runMemory } from './memory';
import { runPicker } from './picker';
import { runPortal } from './portal';
import { runSite } from './site';
import { runStartup } from './startup';
import { runViewGallery } from './view-gallery';
import { runWatermark } from './watermark';

const BENCHMARKS: Record<string, () => Promise<unknown>> = {
  api: runApi,
  bundle: runBundle,
  coldpath: runColdpath,
  portal: runPortal,
  ingest: runIngest,
  journal: runJournal,
  'view-gallery': runViewGallery,
  site: runSite,
  delivery: runDelivery,
  'delivery-page': runDeliveryPage,
  picker: runPicker,
  memory: runMemory,
  startup: runStartup,
  watermark: runWatermark,
};

const wanted = process.argv.slice(2).filter((a) => a in BENCHMARKS);
const names = wanted.length ? wanted : Object.keys(BENCHMARKS);
const t0 = performance.now();
for (const name of names) await BENCHMARKS[name]!();
console.log(`\nBenchmarks done in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
