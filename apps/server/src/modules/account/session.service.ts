import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { newId } from '../../db/ids';
import { RecentRows } from '../../db/recent-rows';
import type { Database } from '../../db/schema';
import type { TableWrites } from '../../db/table-writes';
import type { ResolvedSession } from '../../plugins/session';
import { createSessionRepository, type SessionWithUser } from './session.repository';
import { presentUser } from './user.presenter';

/** A browser session (rememberMe false) lives 12 hours after the last request. */
export const BROWSER_SESSION_MS = 12 * 60 * 60 * 1000;
/** "Remember me": 30 days from sign-in, like the cookie's Max-Age (cut to the absolute lifetime). */
export const REMEMBER_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** SESSION_MAX_AGE's default: whatever the activity, a session ends this long after its sign-in. */
export const DEFAULT_SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so that reads do not all turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const TOKEN_BYTES = 32;
/**
 * A session checked this recently is not read again (it backs every signed-in request). In this process a
 * sign-out, a password change or any write to the users table takes effect at once; another server process
 * notices within this time. See docs/decisions.md, "Session cache".
 */
export const SESSION_CACHE_MS = 2000;
const SESSION_CACHE_ENTRIES = 10_000;

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
  /** When given, sessions are kept for SESSION_CACHE_MS and forgotten on every write to users. */
  tableWrites?: TableWrites;
  /** The absolute lifetime (SESSION_MAX_AGE): no renewal goes past created_at + this. */
  maxAgeMs?: number;
}

export function createSessionService({
  db,
  clock,
  idleMinutes,
  tableWrites,
  maxAgeMs = DEFAULT_SESSION_MAX_AGE_MS,
}: SessionServiceDeps) {
  // Keyed by token hash. Holds rows, never presented users: every request gets its own user object.
  const recent = new RecentRows<string, SessionWithUser>({
    ttlMs: tableWrites ? SESSION_CACHE_MS : 0,
    maxEntries: SESSION_CACHE_ENTRIES,
  });
  // A user renamed, disabled, deleted (its sessions go with it), promoted: whatever the path, forget all.
  tableWrites?.on('users', () => recent.clear());

  async function find(tokenHash: string): Promise<SessionWithUser | undefined> {
    const cached = recent.get(tokenHash);
    if (cached) return cached;
    const generation = recent.generation;
    const found = await createSessionRepository(db).findWithUserByTokenHash(tokenHash);
    if (found) recent.set(tokenHash, found, generation);
    return found;
  }

  return {
    /** A new opaque token; only its sha256 is stored. */
    async start(userId: string, remember: boolean, trx: Kysely<Database> = db): Promise<StartedSession> {
      const now = clock.now();
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const life = Math.min(remember ? REMEMBER_SESSION_MS : BROWSER_SESSION_MS, maxAgeMs);
      await createSessionRepository(trx).insert({
        id: newId(now.getTime()),
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + life).toISOString(),
        last_seen_at: now.toISOString(),
        remember: remember ? 1 : 0,
      });
      return {
        token,
        maxAgeSeconds: remember ? Math.floor(Math.min(REMEMBER_SESSION_MS, maxAgeMs) / 1000) : undefined,
      };
    },

    /**
     * The session the token names, if it is still valid: not expired, not older than the absolute lifetime
     * (checked here on every request, cached row or not), not idle longer than the profile allows, its user
     * not disabled. An invalid session is deleted on the spot.
     */
    async authenticate(token: string): Promise<ResolvedSession | null> {
      const sessions = createSessionRepository(db);
      const tokenHash = hashToken(token);
      const found = await find(tokenHash);
      if (!found) return null;
      const { session, user } = found;
      const now = clock.now().getTime();
      const lastSeen = Date.parse(session.last_seen_at);
      const idleMs = (await idleMinutes()) * 60 * 1000;
      const endOfLife = Date.parse(session.created_at) + maxAgeMs;
      const expired = Date.parse(session.expires_at) <= now || endOfLife <= now;
      const idle = idleMs > 0 && now - lastSeen > idleMs;
      if (expired || idle || user.disabled === 1) {
        recent.delete(tokenHash);
        await sessions.deleteById(session.id);
        return null;
      }
      // With an idle limit, touch often enough that the limit holds within a tenth of itself.
      const touchEvery = idleMs > 0 ? Math.min(TOUCH_INTERVAL_MS, idleMs / 10) : TOUCH_INTERVAL_MS;
      if (now - lastSeen >= touchEvery) {
        const expiresAt =
          session.remember === 1
            ? session.expires_at
            : new Date(Math.min(now + BROWSER_SESSION_MS, endOfLife)).toISOString();
        const lastSeenAt = new Date(now).toISOString();
        await sessions.touch(session.id, lastSeenAt, expiresAt);
        recent.update(tokenHash, (row) => ({
          ...row,
          session: { ...row.session, last_seen_at: lastSeenAt, expires_at: expiresAt },
        }));
      }
      return { sessionId: session.id, user: presentUser(user) };
    },

    async end(token: string, trx: Kysely<Database> = db): Promise<void> {
      const tokenHash = hashToken(token);
      recent.delete(tokenHash);
      await createSessionRepository(trx).deleteByTokenHash(tokenHash);
    },

    /** Ends every session of the user, except `exceptSessionId` when given. */
    async endAllForUser(userId: string, exceptSessionId?: string, trx: Kysely<Database> = db): Promise<void> {
      recent.clear();
      await createSessionRepository(trx).deleteByUser(userId, exceptSessionId);
    },

    async deleteExpired(): Promise<void> {
      await createSessionRepository(db).deleteExpired(clock.now().toISOString());
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
