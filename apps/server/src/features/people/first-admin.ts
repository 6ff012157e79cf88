import type { AppContext } from '../../context';
import { countActiveAdmins, findByUsername } from '../../auth/accounts.repository';
import { createAccountWithPassword } from './people.service';

/**
 * Makes sure someone can sign in: with no admin at all, creates one from ADMIN_USERNAME and
 * ADMIN_PASSWORD, or generates a password and prints it once.
 */
export async function ensureFirstAdmin(ctx: AppContext): Promise<void> {
  const { db, config, log } = ctx;
  if ((await countActiveAdmins(db)) > 0) return;
  const username = config.adminUsername ?? 'admin';
  if (await findByUsername(db, username)) return;
  let password: string;
  try {
    ({ password } = await createAccountWithPassword(
      ctx,
      'admin',
      { username, first_name: 'Studio', last_name: 'Admin', email: '', phone: '' },
      config.adminPassword ?? undefined,
    ));
  } catch (err) {
    // Another process started at the same moment and created it first.
    if (await findByUsername(db, username)) return;
    throw err;
  }
  if (config.adminPassword) {
    log.info(`Created the first admin "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD.`);
  } else {
    const line = `\n  First admin created. Username: ${username}  Password: ${password}\n  (shown once; change it under Change password)\n`;
    process.stdout.write(line);
  }
}
