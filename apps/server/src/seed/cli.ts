import { loadConfig } from '../config';
import { systemContext } from '../context';
import { countActiveAdmins } from '../auth/accounts.repository';
import { DataDirInUseError } from '../db/client';
import { openRuntime } from '../runtime';
import { DEMO_SIZES, seedDemoStudio, type DemoSizes } from './demo-studio';

const USAGE = `Usage: npm run seed -- --demo [--services N] [--photos N] [--customers N] [--enquiries N] [--client-galleries N]
Fills the data directory the environment names (DATA_DIR or DATABASE_URL, MEDIA_DIR) with a studio at scale.
Stop the server first when it runs on the embedded database.`;

const FLAGS: Record<string, keyof DemoSizes> = {
  '--services': 'services',
  '--photos': 'photos',
  '--customers': 'customers',
  '--enquiries': 'enquiries',
  '--client-galleries': 'clientGalleries',
};

export function parseSeedArgs(argv: string[]): DemoSizes | null {
  if (argv[0] !== '--demo') return null;
  const sizes = { ...DEMO_SIZES };
  for (let i = 1; i < argv.length; i += 2) {
    const key = FLAGS[argv[i]!];
    const n = Number(argv[i + 1]);
    if (!key || !Number.isInteger(n) || n < 0 || n > 1_000_000) return null;
    sizes[key] = n;
  }
  return sizes;
}

/** The seed's last line: how to sign in next, which depends on whether an admin exists. */
export function doneLine(seconds: number, adminExists: boolean): string {
  const next = adminExists ? 'Sign in to the portal as your admin to see it.' : 'Create an admin with: npm run admin -- create <name>';
  return `Done in ${seconds.toFixed(1)} s. ${next}`;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const sizes = parseSeedArgs(argv);
  if (!sizes) {
    console.error(USAGE);
    return 2;
  }
  const started = Date.now();
  let runtime: Awaited<ReturnType<typeof openRuntime>>;
  try {
    runtime = await openRuntime({ config: loadConfig(env) });
  } catch (err) {
    // The usual mistake (the server still running on the embedded database): one line, no trace.
    if (!(err instanceof DataDirInUseError)) throw err;
    console.error(`The seed needs the database to itself: stop the server (pid ${err.pid}) first, then run it again.`);
    return 1;
  }
  try {
    await seedDemoStudio(systemContext(runtime, 'seed'), sizes, (line) =>
      console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${line}`),
    );
    console.log(doneLine((Date.now() - started) / 1000, (await countActiveAdmins(runtime.db)) > 0));
    return 0;
  } finally {
    await runtime.close();
  }
}
