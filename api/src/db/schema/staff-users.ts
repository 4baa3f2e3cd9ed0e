import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { colleges } from './colleges.js';
import { createdAt, id, updatedAt } from './columns.js';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: id(),
    name: text('name').notNull(),
    userName: text('user_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    role: text('role', { enum: ['SUPERADMIN', 'SUPPORT', 'ADMIN', 'SOCIAL_ADMIN'] }).notNull(),
    collegeId: uuid('college_id').references(() => colleges.id, { onDelete: 'restrict' }),
    passwordHash: text('password_hash').notNull(),
    passwordChanged: boolean('password_changed').notNull().default(false),
    /**
     * Tokens issued before this instant are refused: a password change or reset, 'sign out on all devices' and a
     * second factor's reset end older sessions.
     */
    credentialsChangedAt: timestamp('credentials_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The TOTP secret (issue 20), sealed with a key derived from the application secret; never answered. Set by
     * the setup call, in force only once `twoFactorEnabledAt` is set by a confirmed code.
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is used once, even within its 30 seconds. */
    twoFactorLastStep: integer('two_factor_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_users_user_name_key').on(sql`lower(${t.userName})`),
    check('staff_users_admin_has_college', sql`${t.role} <> 'ADMIN' OR ${t.collegeId} IS NOT NULL`),
  ],
);
