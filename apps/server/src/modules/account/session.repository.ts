import type { Insertable, Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled';
import type { Database, SessionsTable, Timestamp } from '../../db/schema';
import type { UserRow } from './user.repository';

export type SessionRow = Selectable<SessionsTable>;

export interface SessionWithUser {
  session: Pick<SessionRow, 'id' | 'created_at' | 'expires_at' | 'last_seen_at' | 'remember'>;
  user: UserRow;
}

/**
 * The session and its user: runs on every signed-in request, so it is compiled once (the token hash is its
 * only parameter).
 */
const findSessionWithUser = compiledOnce(
  (db: Kysely<Database>, tokenHash: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.created_at as session_created_at',
        'sessions.expires_at as session_expires_at',
        'sessions.last_seen_at as session_last_seen_at',
        'sessions.remember as session_remember',
      ])
      .where('sessions.token_hash', '=', tokenHash),
  [''],
);

export function createSessionRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    /** The session and its user in one round trip: this runs on every signed-in API request. */
    async findWithUserByTokenHash(tokenHash: string): Promise<SessionWithUser | undefined> {
      const [row] = await findSessionWithUser(db, tokenHash);
      if (!row) return undefined;
      const {
        session_id,
        session_created_at,
        session_expires_at,
        session_last_seen_at,
        session_remember,
        ...user
      } = row;
      return {
        session: {
          id: session_id,
          created_at: session_created_at,
          expires_at: session_expires_at,
          last_seen_at: session_last_seen_at,
          remember: session_remember,
        },
        user,
      };
    },

    async touch(id: string, lastSeenAt: Timestamp, expiresAt: Timestamp): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },

    async deleteById(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    async deleteByTokenHash(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Every session of a user, or all but one (a password change keeps the session that made it). */
    async deleteByUser(userId: string, exceptId?: string): Promise<void> {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      await query.execute();
    },

    /** Housekeeping: sessions past their expiry are useless rows. */
    async deleteExpired(now: Timestamp): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
