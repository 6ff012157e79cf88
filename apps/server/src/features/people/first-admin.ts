import type { AppContext } from '../../context';
import { countActiveAdmins, findByUsername } from '../../auth/accounts.repository';
import { createAccountWithPassword } from './people.service';
import type { NewAdmin } from '../../start-summary';

/**
 * Makes sure someone can sign in: with no admin at all, creates one from ADMIN_USERNAME and
 * ADMIN_PASSWORD, or generates a password. Returns the admin it made with a generated password,
 * which the start's summary prints once (server.ts), after everything else.
 */
export async function ensureFirstAdmin(ctx: AppContext): Promise<NewAdmin | null> {
  const { db, config, log } = ctx;
  if ((await countActiveAdmins(db)) > 0) return null;
  const username = config.adminUsername ?? 'admin';
  if (await findByUsername(db, username)) return null;
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
    if (await findByUsername(db, username)) return null;
    throw err;
  }
  if (config.adminPassword) {
    log.info(`Created the first admin "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD.`);
    return null;
  }
  return { username, password };
}
