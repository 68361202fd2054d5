import type { CountResult, ListQuery } from '@lintel/contracts';
import type { AdminUser, AdminUserAction, AdminUserDetail } from '@lintel/contracts/system';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { parseOrder } from '../../db/order';
import type { Database } from '../../db/schema';
import { compileWhere, parseWhereQuery } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import type { AuditLog } from '../audit/index';
import type { UserPlacesLookup } from '../org/user-places.lookup';
import {
  type AdminUserChanges,
  type AdminUserRow,
  createAdminUsersRepository,
} from './admin-users.repository';
import type { SessionService } from './session.service';
import { presentUser } from './user.presenter';
import { ADMIN_USER_FILTERS } from './user-profile.service';

const ORDER = {
  _id: 'id',
  name: 'name',
  nickName: 'nick_name',
  phoneNumber: 'phone_number',
  email: 'email',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const;

export interface AdminUsersDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  sessions: SessionService;
  audit: AuditLog;
  places: UserPlacesLookup;
}

/** 409: the user changed since the administrator saw them; `current` is how they are now. */
export class UserChangedError extends AppError {
  constructor(readonly current: AdminUser) {
    super(409, 'account.userChanged');
  }
}

/** The administrator's action, who takes it and from where. */
export interface AdminActor {
  userId: string;
  ip: string;
}

/**
 * Users administration in /system (issue 17), for system administrators (the routes check it): search,
 * disable / enable (a disabled account cannot sign in and its sessions end), unlock, require a new password
 * at the next sign-in, and where the user belongs. Each action is one transaction with its audit entry; an
 * action on a user changed since the administrator saw it answers 409.
 */
export function createAdminUsersService({ db, engine, clock, sessions, audit, places }: AdminUsersDeps) {
  function present(row: AdminUserRow): AdminUser {
    const { mustChangePassword: _, ...user } = presentUser(row);
    const now = clock.now().toISOString();
    const lockEnds = [row.blocked_until, row.locked_until].filter((t): t is string => t !== null && t > now);
    return {
      ...user,
      disabled: row.disabled === 1,
      lockedUntil: lockEnds.sort().at(-1) ?? null,
      mustChangePassword: row.must_change_password === 1,
    };
  }

  async function existing(id: string): Promise<AdminUserRow> {
    const row = await createAdminUsersRepository(db).find(id);
    if (!row) throw new AppError(404, 'common.notFound');
    return row;
  }

  return {
    /** GET admin/users: `where` over name, nickName, phoneNumber, email; skip, limit, order, only_count. */
    async list(query: ListQuery): Promise<AdminUser[] | CountResult> {
      const node = parseWhereQuery(query.where, ADMIN_USER_FILTERS);
      const where = node ? compileWhere(node, ADMIN_USER_FILTERS, engine) : null;
      if (query.only_count) {
        let count = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count'));
        if (where) count = count.where(where);
        return { count: Number((await count.executeTakeFirstOrThrow()).count) };
      }
      const order = parseOrder(query.order, ORDER, { column: 'created_at', direction: 'asc' });
      const rows = await createAdminUsersRepository(db).list(where, order, query.skip, query.limit);
      return rows.map(present);
    },

    async detail(id: string): Promise<AdminUserDetail> {
      const user = present(await existing(id));
      return { user, places: await places(id) };
    },

    async act(actor: AdminActor, id: string, action: AdminUserAction, seen: string): Promise<AdminUser> {
      const row = await existing(id);
      if (action === 'disable' && id === actor.userId) throw new AppError(400, 'account.cannotDisableSelf');
      const changes: AdminUserChanges =
        action === 'disable'
          ? { disabled: 1 }
          : action === 'enable'
            ? { disabled: 0 }
            : action === 'unlock'
              ? { locked_until: null }
              : { must_change_password: 1 };
      const auditAction = {
        disable: 'user.disabled',
        enable: 'user.enabled',
        unlock: 'user.unlocked',
        requirePasswordChange: 'user.passwordResetForced',
      } as const;
      const changed = await db.transaction().execute(async (trx) => {
        const repository = createAdminUsersRepository(trx);
        if (!(await repository.update(id, seen, changes, clock.now().toISOString()))) return false;
        if (action === 'unlock') await repository.clearLock(id);
        // Disabled, or made to choose a new password: every session ends now; the next sign-in decides.
        if (action === 'disable' || action === 'requirePasswordChange') {
          await sessions.endAllForUser(id, undefined, trx);
        }
        await audit.record(
          {
            action: auditAction[action],
            actorId: actor.userId,
            ip: actor.ip,
            targetType: 'user',
            targetId: id,
            detail: { name: row.name },
          },
          trx,
        );
        return true;
      });
      const current = present(await existing(id));
      if (!changed) throw new UserChangedError(current);
      return current;
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
