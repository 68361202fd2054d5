import type { User } from '@lintel/contracts/account';
import type { MemberRole, ScopeType } from '@lintel/contracts/org';
import type { Kysely } from 'kysely';
import { RecentRows } from '../../db/recent-rows';
import type { Database } from '../../db/schema';
import type { TableWrites } from '../../db/table-writes';
import { AppError } from '../../plugins/app-error';
import { isReadPermission, memberMay, type PermissionNeed } from '../permissions/grants';
import { createOrgRepository, type MemberRow } from './org.repository';

/** An enterprise, circle or project, by kind and id. */
export interface ScopeRef {
  type: ScopeType;
  id: string;
}

/** A scope and everything enclosing it, innermost first: project → circle → parent circle → enterprise. */
export interface ResolvedScope {
  scope: ScopeRef;
  enterpriseId: string;
  chain: ScopeRef[];
}

/**
 * What a call needs of the caller in a scope:
 * - `read`: a member of the scope (any role), or an admin of an enclosing scope; system administrators too.
 * - `admin`: an admin of the scope or of an enclosing scope.
 * The permission templates of the next issue add `{ module, key }` needs (create, delete, edit, …): a plain
 * member passes them when their template grants the key; admins always pass. That check goes in
 * `requireScopeRole` below, where `role === 'member'` is decided.
 */
export type ScopeNeed = 'read' | 'admin' | PermissionNeed;

export interface ScopeAccess extends ResolvedScope {
  /** The caller's effective role; null for a system administrator reading a scope they are not in. */
  role: MemberRole | null;
}

/** Circles nest at most two levels; a longer chain (corrupt data) is cut here rather than looped on. */
const MAX_CHAIN = 8;

/** How long a scope or a membership read is reused at most (only where every write is seen: see below). */
export const SCOPE_CACHE_MS = 10_000;
const SCOPE_CACHE_ENTRIES = 20_000;

export interface OrgAccessCache {
  /** This process's writes, per table (db/table-writes.ts). */
  tableWrites: TableWrites;
  /** Changes when another connection committed (SQLite's data_version; DatabaseHandle.otherWrites). */
  otherWrites: () => number;
}

/**
 * `cache`: the scopes (project → circles → enterprise) and the caller's memberships in them are read on
 * every request (3 small queries, ~10 % of a list request: issue 15 §3) and reused while nothing that could
 * change them was written. Exact, never a time window: any write to enterprises, circles, projects or
 * members through this process forgets them when the statement is issued (a read that began before cannot
 * store what it read: RecentRows' generation), and another process's commit (SQLite's data_version, read
 * once per check) forgets everything. A revoked membership therefore bites on the very next request. Reads
 * here go through the root connection, which on SQLite waits for any open transaction, so an uncommitted
 * grant is never stored. Without `cache` (PostgreSQL: several connections, no cheap commit signal) every
 * check reads the database.
 */
export function createOrgAccess(db: Kysely<Database>, cache?: OrgAccessCache) {
  const repository = createOrgRepository(db);
  const ttlMs = cache ? SCOPE_CACHE_MS : 0;
  const scopes = new RecentRows<string, ResolvedScope | null>({ ttlMs, maxEntries: SCOPE_CACHE_ENTRIES });
  const memberships = new RecentRows<string, MemberRow[]>({ ttlMs, maxEntries: SCOPE_CACHE_ENTRIES });
  let otherWritesSeen = cache?.otherWrites();
  if (cache) {
    for (const table of ['enterprises', 'circles', 'projects'] as const) {
      cache.tableWrites.on(table, () => scopes.clear());
    }
    cache.tableWrites.on('members', () => memberships.clear());
  }
  /** Forgets everything when another process committed since the last look. */
  function checkOtherWrites(): void {
    if (!cache) return;
    const now = cache.otherWrites();
    if (now === otherWritesSeen) return;
    otherWritesSeen = now;
    scopes.clear();
    memberships.clear();
  }

  async function circleChain(circleId: string, enterpriseId: string): Promise<ScopeRef[] | null> {
    const chain: ScopeRef[] = [];
    let next: string | null = circleId;
    while (next !== null && chain.length < MAX_CHAIN) {
      const circle = await repository.findCircle(next);
      if (!circle || circle.enterprise_id !== enterpriseId) return null;
      chain.push({ type: 'circle', id: circle.id });
      next = circle.parent_id;
    }
    return chain;
  }

  /** The scope with its enclosing scopes; null when it (or its enterprise) does not exist or is deleted. */
  async function resolveScope(scope: ScopeRef): Promise<ResolvedScope | null> {
    if (!cache) return readScope(scope);
    checkOtherWrites();
    const key = `${scope.type}:${scope.id}`;
    const held = scopes.get(key);
    if (held !== undefined) return held;
    const generation = scopes.generation;
    const resolved = await readScope(scope);
    scopes.set(key, resolved, generation);
    return resolved;
  }

  async function readScope(scope: ScopeRef): Promise<ResolvedScope | null> {
    let enterpriseId: string;
    let inner: ScopeRef[];
    if (scope.type === 'enterprise') {
      enterpriseId = scope.id;
      inner = [];
    } else if (scope.type === 'circle') {
      const circle = await repository.findCircle(scope.id);
      if (!circle) return null;
      enterpriseId = circle.enterprise_id;
      const chain = await circleChain(circle.id, enterpriseId);
      if (!chain) return null;
      inner = chain;
    } else {
      const project = await repository.findProject(scope.id);
      if (!project) return null;
      enterpriseId = project.enterprise_id;
      const circles = project.circle_id ? await circleChain(project.circle_id, enterpriseId) : [];
      // A project whose circle is gone still belongs to its enterprise.
      inner = [{ type: 'project', id: project.id }, ...(circles ?? [])];
    }
    if (!(await repository.findEnterprise(enterpriseId))) return null;
    // Frozen: a cached answer is shared by every request that asks for the scope.
    return Object.freeze({
      scope: Object.freeze({ ...scope }),
      enterpriseId,
      chain: Object.freeze([...inner, { type: 'enterprise', id: enterpriseId }]) as ScopeRef[],
    });
  }

  /** The user's memberships among the scopes of a chain. */
  async function membershipsIn(userId: string, scopeIds: readonly string[]): Promise<MemberRow[]> {
    if (!cache) return repository.membershipsIn(userId, scopeIds);
    checkOtherWrites();
    const key = `${userId}:${scopeIds.join(',')}`;
    const held = memberships.get(key);
    if (held !== undefined) return held;
    const generation = memberships.generation;
    const rows = await repository.membershipsIn(userId, scopeIds);
    memberships.set(key, rows, generation);
    return rows;
  }

  /** The user's effective role in a resolved scope: its own membership, or admin through an enclosing one. */
  async function roleIn(userId: string, resolved: ResolvedScope): Promise<MemberRole | null> {
    const rows = await membershipsIn(
      userId,
      resolved.chain.map((s) => s.id),
    );
    let role: MemberRole | null = null;
    for (const row of rows) {
      const link = resolved.chain.find((s) => s.type === row.scope_type && s.id === row.scope_id);
      if (!link) continue;
      if (row.role === 'admin') return 'admin';
      if (link === resolved.chain[0]) role = 'member';
    }
    return role;
  }

  /**
   * A `{ moduleKey, permission }` need: admins (of the project or an enclosing scope) pass; a plain project
   * member passes when their permission template grants it; system administrators only read.
   */
  async function permits(
    user: User,
    resolved: ResolvedScope,
    role: MemberRole | null,
    need: PermissionNeed,
  ): Promise<boolean> {
    if (role === 'admin') return true;
    if (role === null) return user.isSystemAdmin && isReadPermission(need.permission);
    if (resolved.scope.type !== 'project') return false;
    return memberMay(db, resolved.scope.id, user._id, need);
  }

  return {
    resolveScope,

    /** The user's role in the scope (admin through an enclosing scope counts); null: none or no scope. */
    async memberRole(userId: string, scope: ScopeRef): Promise<MemberRole | null> {
      const resolved = await resolveScope(scope);
      return resolved ? roleIn(userId, resolved) : null;
    },

    /**
     * The one authorization check of the organisation: 404 when the scope does not exist or the caller
     * has no membership that opens it (another tenant's id looks exactly like a missing one), 403 when
     * they can see it but lack the role. System administrators may read everything, change nothing here.
     */
    async requireScopeRole(user: User | null, scope: ScopeRef, need: ScopeNeed): Promise<ScopeAccess> {
      if (!user) throw new AppError(401, 'common.unauthenticated');
      const resolved = await resolveScope(scope);
      if (!resolved) throw new AppError(404, 'common.notFound');
      const role = await roleIn(user._id, resolved);
      if (role === null && !user.isSystemAdmin) throw new AppError(404, 'common.notFound');
      if (need === 'admin' && role !== 'admin') throw new AppError(403, 'common.forbidden');
      if (typeof need === 'object' && !(await permits(user, resolved, role, need))) {
        throw new AppError(403, 'common.forbidden');
      }
      return { ...resolved, role };
    },
  };
}
export type OrgAccess = ReturnType<typeof createOrgAccess>;
