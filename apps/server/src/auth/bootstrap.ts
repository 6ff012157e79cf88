import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { countActiveAdmins, createAccount, findByUsername } from './accounts.repository';
import { generatePassword, hashPassword } from './passwords';

/**
 * Makes sure someone can sign in: with no admin at all, creates one from ADMIN_USERNAME and
 * ADMIN_PASSWORD, or generates a password and prints it once.
 */
export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger | Console = console): Promise<void> {
  if ((await countActiveAdmins(db)) > 0) return;
  const username = config.adminUsername ?? 'admin';
  if (await findByUsername(db, username)) return;
  const password = config.adminPassword ?? generatePassword();
  try {
    await createAccount(db, {
      username,
      passwordHash: await hashPassword(password),
      isStaff: true,
      isActive: true,
      firstName: 'Studio',
      lastName: 'Admin',
    });
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
