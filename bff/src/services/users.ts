import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { SessionUser } from './sessions.ts';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  email_confirmed_at: Date | null;
  created_at: Date;
}

/** E-mail addresses are compared lowercased (the unique index is on `lower(email)`). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).first();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db('users').where({ id }).first();
}

/** The user as the API shows it (contracts `User`). */
export function toSessionUser(row: Pick<UserRow, 'id' | 'email' | 'email_confirmed_at' | 'created_at'>, config: Config): SessionUser {
  return {
    id: row.id,
    email: row.email,
    email_confirmed_at: row.email_confirmed_at ? new Date(row.email_confirmed_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    is_admin: config.adminEmails.has(row.email.toLowerCase()),
  };
}
