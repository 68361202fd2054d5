import type { CompiledQuery, Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable, Timestamp } from '../../db/schema';
import type { UserRow } from './user.repository';

export type SessionRow = Selectable<SessionsTable>;

export interface SessionWithUser {
  session: Pick<SessionRow, 'id' | 'expires_at' | 'last_seen_at' | 'remember'>;
  user: UserRow;
}

/** The session-and-user lookup, with the token hash as its only parameter. */
function sessionLookup(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.remember as session_remember',
    ])
    .where('sessions.token_hash', '=', tokenHash);
}
type SessionLookupRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['executeTakeFirstOrThrow']>>;

/**
 * The lookup runs on every signed-in request, and compiling it cost as much as running it: it is compiled
 * once per database and run with the token hash as its single parameter.
 */
const compiledLookups = new WeakMap<Kysely<Database>, CompiledQuery<SessionLookupRow>>();

function compiledSessionLookup(db: Kysely<Database>): CompiledQuery<SessionLookupRow> {
  let compiled = compiledLookups.get(db);
  if (!compiled) {
    compiled = sessionLookup(db, '').compile();
    if (compiled.parameters.length !== 1)
      throw new Error('the session lookup must have exactly one parameter');
    compiledLookups.set(db, compiled);
  }
  return compiled;
}

export function createSessionRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<SessionsTable>): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },

    /** The session and its user in one round trip: this runs on every signed-in API request. */
    async findWithUserByTokenHash(tokenHash: string): Promise<SessionWithUser | undefined> {
      const query: CompiledQuery<SessionLookupRow> = {
        ...compiledSessionLookup(db),
        parameters: [tokenHash],
      };
      const { rows } = await db.executeQuery(query);
      const row = rows[0];
      if (!row) return undefined;
      const { session_id, session_expires_at, session_last_seen_at, session_remember, ...user } = row;
      return {
        session: {
          id: session_id,
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
