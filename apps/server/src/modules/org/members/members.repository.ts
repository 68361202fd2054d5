import type { ScopeType } from '@lintel/contracts/org';
import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { OrderBy } from '../../../db/order';
import type { Database, MembersTable, Timestamp, UsersTable } from '../../../db/schema';
import type { NewMemberRow } from '../org.repository';

export type MemberChanges = Pick<
  Updateable<MembersTable>,
  | 'department'
  | 'remark'
  | 'template_id'
  | 'vip'
  | 'sort_order'
  | 'phone_secret'
  | 'business_shielding'
  | 'category'
  | 'edit_4d'
>;

/**
 * Whose contact data a list may show: the viewer's own always; every phone to an admin of the scope;
 * otherwise phones not kept secret — and no phone or email of anyone else when `contacts` is false (a
 * project member whose template sets the address book to none).
 */
export interface PhoneViewer {
  userId: string;
  admin: boolean;
  contacts: boolean;
}

export interface MemberListSlice {
  where: RawBuilder<SqlBool> | null;
  edit4D?: boolean | undefined;
  order: OrderBy;
  skip: number;
  limit: number;
}

export type UserSummaryRow = Pick<
  Selectable<UsersTable>,
  'id' | 'name' | 'nick_name' | 'avatar' | 'email' | 'phone_number'
>;

/**
 * Members and their users. The users table belongs to the account module; it is read here (joined) because
 * a member list searches and sorts by the user's name and phone in SQL, and the phone of a member who keeps
 * it secret must already be blank where the `where` filter sees it (so a search cannot reveal it).
 */
export function createMembersRepository(db: Kysely<Database>) {
  /**
   * The scope's members with their users, as derived table `mv`; `user_phone` and `user_email` are ''
   * where hidden, so neither the answer nor a `where` filter on them can reveal them.
   */
  function memberView(scope: { type: ScopeType; id: string }, viewer: PhoneViewer) {
    const self = sql<boolean>`${sql.ref('members.user_id')} = ${viewer.userId}`;
    const phone = viewer.admin
      ? sql<string>`coalesce(${sql.ref('users.phone_number')}, '')`
      : viewer.contacts
        ? sql<string>`case when ${sql.ref('members.phone_secret')} = 1 and ${sql.ref('members.user_id')} <> ${viewer.userId} then '' else coalesce(${sql.ref('users.phone_number')}, '') end`
        : sql<string>`case when ${self} then coalesce(${sql.ref('users.phone_number')}, '') else '' end`;
    const email =
      viewer.admin || viewer.contacts
        ? sql<string>`${sql.ref('users.email')}`
        : sql<string>`case when ${self} then ${sql.ref('users.email')} else '' end`;
    const inner = db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .where('members.scope_type', '=', scope.type)
      .where('members.scope_id', '=', scope.id)
      .select([
        'members.id',
        'members.scope_type',
        'members.scope_id',
        'members.enterprise_id',
        'members.user_id',
        'members.role',
        'members.vip',
        'members.department',
        'members.remark',
        'members.sort_order',
        'members.edit_4d',
        'members.phone_secret',
        'members.business_shielding',
        'members.category',
        'members.template_id',
        'members.created_at',
        'members.updated_at',
        'users.name as user_name',
        'users.nick_name as user_nick_name',
        'users.avatar as user_avatar',
        email.as('user_email'),
        phone.as('user_phone'),
      ]);
    return db.selectFrom(inner.as('mv'));
  }

  return {
    async listMembers(scope: { type: ScopeType; id: string }, viewer: PhoneViewer, slice: MemberListSlice) {
      let query = memberView(scope, viewer).selectAll('mv');
      if (slice.where) query = query.where(slice.where);
      if (slice.edit4D !== undefined) query = query.where('mv.edit_4d', '=', slice.edit4D ? 1 : 0);
      return query
        .orderBy(sql.ref(slice.order.column), slice.order.direction)
        .orderBy('mv.id', slice.order.direction)
        .offset(slice.skip)
        .limit(slice.limit)
        .execute();
    },

    async countMembers(
      scope: { type: ScopeType; id: string },
      viewer: PhoneViewer,
      slice: Pick<MemberListSlice, 'where' | 'edit4D'>,
    ): Promise<number> {
      let query = memberView(scope, viewer).select((eb) => eb.fn.countAll<number>().as('count'));
      if (slice.where) query = query.where(slice.where);
      if (slice.edit4D !== undefined) query = query.where('mv.edit_4d', '=', slice.edit4D ? 1 : 0);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    findMember(id: string) {
      return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findMembership(scope: { type: ScopeType; id: string }, userId: string) {
      return db
        .selectFrom('members')
        .selectAll()
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async insertMember(row: NewMemberRow): Promise<void> {
      await db.insertInto('members').values(row).execute();
    },

    async updateMember(id: string, changes: MemberChanges, now: Timestamp): Promise<void> {
      await db
        .updateTable('members')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    async deleteMember(id: string): Promise<void> {
      await db.deleteFrom('members').where('id', '=', id).execute();
    },

    /** The accounts an enterprise counts (spec 001 §8 account capacity): distinct users of its memberships. */
    async countEnterpriseAccounts(enterpriseId: string): Promise<number> {
      const { count } = await db
        .selectFrom('members')
        .select(sql<number>`count(distinct ${sql.ref('user_id')})`.as('count'))
        .where('enterprise_id', '=', enterpriseId)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async isEnterpriseAccount(enterpriseId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('enterprise_id', '=', enterpriseId)
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The capacity of an enterprise (null: unlimited). */
    async enterpriseCapacity(enterpriseId: string): Promise<number | null> {
      const row = await db
        .selectFrom('enterprises')
        .select('account_capacity')
        .where('id', '=', enterpriseId)
        .executeTakeFirst();
      return row?.account_capacity == null ? null : Number(row.account_capacity);
    },

    /** Per user, their memberships of the enterprise's (live) projects. */
    projectMembershipsOf(enterpriseId: string, userIds: readonly string[]) {
      if (userIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('members')
        .innerJoin('projects', 'projects.id', 'members.scope_id')
        .where('members.scope_type', '=', 'project')
        .where('members.enterprise_id', '=', enterpriseId)
        .where('projects.enterprise_id', '=', enterpriseId)
        .where('projects.deleted_at', 'is', null)
        .where('members.user_id', 'in', [...userIds])
        .select([
          'members.id as member_id',
          'members.user_id',
          'members.role',
          'projects.id as project_id',
          'projects.name as project_name',
        ])
        .orderBy('projects.created_at')
        .orderBy('projects.id')
        .execute();
    },

    // ── users (read only; see the note above) ──

    findUserById(id: string): Promise<UserSummaryRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'nick_name', 'avatar', 'email', 'phone_number'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findUserByName(name: string): Promise<UserSummaryRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'nick_name', 'avatar', 'email', 'phone_number'])
        .where('name', '=', name)
        .executeTakeFirst();
    },

    findUserByPhone(phoneNumber: string, countryCode: string): Promise<UserSummaryRow | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'name', 'nick_name', 'avatar', 'email', 'phone_number'])
        .where('phone_number', '=', phoneNumber)
        .where('country_code', '=', countryCode)
        .executeTakeFirst();
    },

    async isSystemAdmin(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('is_system_admin')
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(row?.is_system_admin ?? 0) === 1;
    },

    usersByIds(ids: readonly string[]): Promise<UserSummaryRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('users')
        .select(['id', 'name', 'nick_name', 'avatar', 'email', 'phone_number'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
    },

    // ── roles (project info `admins`) ──

    /** The members among these users (to check that every new admin is one). */
    async membersAmong(scope: { type: ScopeType; id: string }, userIds: readonly string[]) {
      if (userIds.length === 0) return [];
      return db
        .selectFrom('members')
        .select(['id', 'user_id', 'role'])
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('user_id', 'in', [...userIds])
        .execute();
    },

    /** These users become the scope's admins, every other member a plain member. */
    async setAdmins(
      scope: { type: ScopeType; id: string },
      adminUserIds: readonly string[],
      now: Timestamp,
    ): Promise<void> {
      await db
        .updateTable('members')
        .set({ role: 'admin', updated_at: now })
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('user_id', 'in', [...adminUserIds])
        .where('role', '<>', 'admin')
        .execute();
      await db
        .updateTable('members')
        .set({ role: 'member', updated_at: now })
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('user_id', 'not in', [...adminUserIds])
        .where('role', '<>', 'member')
        .execute();
    },

    /** Members whose department is one of these structures lose it (the structures are being deleted). */
    async clearDepartments(
      scope: { type: ScopeType; id: string },
      structureIds: readonly string[],
      now: Timestamp,
    ) {
      if (structureIds.length === 0) return;
      await db
        .updateTable('members')
        .set({ department: '', updated_at: now })
        .where('scope_type', '=', scope.type)
        .where('scope_id', '=', scope.id)
        .where('department', 'in', [...structureIds])
        .execute();
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
export type MemberViewRow = Awaited<ReturnType<MembersRepository['listMembers']>>[number];
