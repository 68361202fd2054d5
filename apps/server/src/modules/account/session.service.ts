import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import type { ResolvedSession } from '../../plugins/session';
import { createSessionRepository } from './session.repository';
import { presentUser } from './user.presenter';

/** A browser session (rememberMe false) lives 12 hours after the last request. */
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;
/** "Remember me": 30 days from sign-in, like the cookie's Max-Age. */
export const REMEMBER_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so that reads do not all turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const TOKEN_BYTES = 32;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface StartedSession {
  token: string;
  /** For the cookie: undefined means a browser-session cookie. */
  maxAgeSeconds: number | undefined;
}

export interface SessionServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The profile's idle sign-out in minutes (0: never); read per check so an override applies at once. */
  idleMinutes: () => Promise<number>;
}

export function createSessionService({ db, clock, idleMinutes }: SessionServiceDeps) {
  return {
    /** A new opaque token; only its sha256 is stored. */
    async start(userId: string, remember: boolean, trx: Kysely<Database> = db): Promise<StartedSession> {
      const now = clock.now();
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const life = remember ? REMEMBER_SESSION_MS : BROWSER_SESSION_MS;
      await createSessionRepository(trx).insert({
        id: newId(now.getTime()),
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + life).toISOString(),
        last_seen_at: now.toISOString(),
        remember: remember ? 1 : 0,
      });
      return { token, maxAgeSeconds: remember ? REMEMBER_SESSION_MS / 1000 : undefined };
    },

    /**
     * The session the token names, if it is still valid: not expired, not idle longer than the profile
     * allows, its user not disabled. An invalid session is deleted on the spot.
     */
    async authenticate(token: string): Promise<ResolvedSession | null> {
      const sessions = createSessionRepository(db);
      const found = await sessions.findWithUserByTokenHash(hashToken(token));
      if (!found) return null;
      const { session, user } = found;
      const now = clock.now().getTime();
      const lastSeen = Date.parse(session.last_seen_at);
      const idleMs = (await idleMinutes()) * 60 * 1000;
      const expired = Date.parse(session.expires_at) <= now;
      const idle = idleMs > 0 && now - lastSeen > idleMs;
      if (expired || idle || user.disabled === 1) {
        await sessions.deleteById(session.id);
        return null;
      }
      // With an idle limit, touch often enough that the limit holds within a tenth of itself.
      const touchEvery = idleMs > 0 ? Math.min(TOUCH_INTERVAL_MS, idleMs / 10) : TOUCH_INTERVAL_MS;
      if (now - lastSeen >= touchEvery) {
        const expiresAt =
          session.remember === 1 ? session.expires_at : new Date(now + BROWSER_SESSION_MS).toISOString();
        await sessions.touch(session.id, new Date(now).toISOString(), expiresAt);
      }
      return { sessionId: session.id, user: presentUser(user) };
    },

    async end(token: string, trx: Kysely<Database> = db): Promise<void> {
      await createSessionRepository(trx).deleteByTokenHash(hashToken(token));
    },

    /** Ends every session of the user, except `exceptSessionId` when given. */
    async endAllForUser(userId: string, exceptSessionId?: string, trx: Kysely<Database> = db): Promise<void> {
      await createSessionRepository(trx).deleteByUser(userId, exceptSessionId);
    },

    async deleteExpired(): Promise<void> {
      await createSessionRepository(db).deleteExpired(clock.now().toISOString());
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
