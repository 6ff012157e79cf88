import { loadConfig } from './config';
import { createAccount, findByUsername } from './auth/accounts.repository';
import { generatePassword, hashPassword } from './auth/passwords';
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
  const config = loadConfig();
  const { database, limiter } = await openRuntime(config);
  try {
    if (await findByUsername(database.db, username)) {
      console.error(`An account named "${username}" already exists.`);
      return 1;
    }
    const password = given || generatePassword();
    await createAccount(database.db, { username, passwordHash: await hashPassword(password), isStaff: true, isActive: true });
    console.log(given ? `Admin "${username}" created.` : `Admin "${username}" created. Password: ${password}  (shown once)`);
    return 0;
  } finally {
    await limiter.close();
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
