import { sql } from 'drizzle-orm';
import type { Database } from '../../db/pool.js';
import { generatePassword, hashPassword } from './password-hash.js';

interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Makes sure a SUPERADMIN exists. Configured credentials are trusted (password already changed); otherwise a
 * random password is printed once and must be changed at the first login. Safe when instances start together.
 */
export async function bootstrapSuperAdmin(
  db: Database,
  configured: { userName: string; password: string } | undefined,
  log: Logger,
): Promise<void> {
  const existing = await db.execute(sql`SELECT 1 FROM staff_users WHERE role = 'SUPERADMIN' LIMIT 1`);
  if (existing.rows.length > 0) return;
  const userName = configured?.userName ?? 'superadmin';
  const password = configured?.password ?? generatePassword();
  const inserted = await db.execute(sql`
    INSERT INTO staff_users (name, user_name, phone_number, role, password_hash, password_changed)
    VALUES ('مدير النظام', ${userName}, '', 'SUPERADMIN', ${await hashPassword(password)}, ${Boolean(configured)})
    ON CONFLICT DO NOTHING
    RETURNING id`);
  if (inserted.rows.length === 0) return;
  if (configured) log.info(`super admin '${userName}' created from SUPERADMIN_USERNAME`);
  else
    log.warn(
      `super admin created: user name '${userName}', password '${password}' (shown once; change it at first login)`,
    );
}
