import { loadConfig } from './config';
import { systemContext } from './context';
import { findByUsername } from './auth/accounts.repository';
import { createAccountWithPassword } from './features/people/people.service';
import { openRuntime } from './runtime';

const USAGE = 'Usage: npm run admin -- create <username> [--password <password>]';

async function main(argv: string[]): Promise<number> {
  const [command, username, ...rest] = argv;
  if (command !== 'create' || !username) {
    console.error(USAGE);
    return 2;
  }
  const flag = rest.indexOf('--password');
  const given = flag >= 0 ? rest[flag + 1] : process.env.ADMIN_PASSWORD;
  const runtime = await openRuntime({ config: loadConfig() });
  try {
    if (await findByUsername(runtime.db, username)) {
      console.error(`An account named "${username}" already exists.`);
      return 1;
    }
    const { password } = await createAccountWithPassword(
      systemContext(runtime, 'cli'),
      'admin',
      { username, first_name: '', last_name: '', email: '', phone: '' },
      given || undefined,
    );
    console.log(given ? `Admin "${username}" created.` : `Admin "${username}" created. Password: ${password}  (shown once)`);
    return 0;
  } finally {
    await runtime.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
