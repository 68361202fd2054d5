import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../../test/helper';
import { fromJson } from '../../db/json';
import { migrateToLatest } from '../../db/migrate';
import { MIGRATIONS } from '../../db/migrations/index';
import type { Database } from '../../db/schema';

/**
 * Migration 2026112720 (issue 17) on a database made before it: the presets join a project's templates,
 * 项目成员 becomes the default, names already used stay with their templates and no member gains a right.
 * Runs on SQLite and, in the PostgreSQL pass, on PostgreSQL.
 */
const PRESETS = '2026112720_permission_presets';

let database: (TestDatabase & { dataDir: string }) | undefined;
afterEach(async () => {
  await database?.handle.close();
  await database?.dispose();
  database = undefined;
});

/** Every migration before the presets, as `migrateToLatest` would run them. */
async function migrateBeforePresets(db: Kysely<Database>, engine: 'sqlite' | 'postgres'): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const [name, module] of Object.entries(MIGRATIONS)) {
    if (name >= PRESETS) continue;
    migrations[name] = { up: (on) => module.up(on as Kysely<unknown>, engine) };
  }
  const schema =
    engine === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

const at = '2026-11-20T08:00:00.000Z';
const READ = JSON.stringify({ announcements: { view: 'all' }, problemTopics: { view: 'all' } });

async function user(db: Kysely<Database>, id: string, name: string): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id,
      name,
      nick_name: name,
      phone_number: null,
      country_code: '86',
      email: '',
      avatar: '',
      settings: '{}',
      is_trial: 0,
      is_system_admin: 0,
      disabled: 0,
      password_hash: 'x',
      created_at: at,
      updated_at: at,
      sex: null,
      city: null,
      work: null,
      project: null,
      company: null,
      position: null,
      locked_until: null,
    } as never)
    .execute();
}

async function member(db: Kysely<Database>, id: string, userId: string, templateId: string | null) {
  await db
    .insertInto('members')
    .values({
      id,
      scope_type: 'project',
      scope_id: 'p00000000000000000000001',
      enterprise_id: 'e00000000000000000000001',
      user_id: userId,
      role: 'member',
      vip: 0,
      department: '',
      remark: '',
      sort_order: 0,
      edit_4d: 0,
      phone_secret: 0,
      business_shielding: 0,
      category: '',
      template_id: templateId,
      created_at: at,
      updated_at: at,
      edit_4d_at: null,
    } as never)
    .execute();
}

async function template(db: Kysely<Database>, id: string, name: string, isDefault: boolean) {
  await db
    .insertInto('permission_templates')
    .values({
      id,
      project_id: 'p00000000000000000000001',
      name,
      is_default: isDefault ? 1 : 0,
      grants: READ,
      tree_scopes: '{}',
      created_at: at,
      updated_at: at,
    })
    .execute();
}

describe('migration 2026112720: preset templates for existing projects', () => {
  it('adds them, moves the default to 项目成员, keeps taken names and existing rights', async () => {
    database = await freshDatabase();
    const { db, engine } = database.handle;
    await migrateBeforePresets(db, engine);

    await db
      .insertInto('enterprises')
      .values({
        id: 'e00000000000000000000001',
        name: '老企业',
        short_name: '',
        is_trial: 0,
        account_capacity: null,
        space_capacity: null,
        project_limit: null,
        paid_plan: '',
        edit4d_expires_at: null,
        created_by: null,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      } as never)
      .execute();
    await db
      .insertInto('projects')
      .values({
        id: 'p00000000000000000000001',
        enterprise_id: 'e00000000000000000000001',
        circle_id: null,
        name: '老项目',
        short_name: '',
        status: 'active',
        project_type: null,
        is_trial: 0,
        info: '{}',
        storage_allocated: 0,
        storage_used: 0,
        storage_unlimited: 0,
        created_by: null,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      } as never)
      .execute();
    await template(db, 't00000000000000000000001', '默认模板', true);
    // The project's own template already called 项目成员: it keeps the name.
    await template(db, 't00000000000000000000002', '项目成员', false);
    await user(db, 'u00000000000000000000001', 'old-implicit');
    await user(db, 'u00000000000000000000002', 'old-explicit');
    await member(db, 'm00000000000000000000001', 'u00000000000000000000001', null);
    await member(db, 'm00000000000000000000002', 'u00000000000000000000002', 't00000000000000000000001');

    const applied = await migrateToLatest(db, engine);
    expect(applied[0]).toBe(PRESETS);

    const templates = await db
      .selectFrom('permission_templates')
      .select(['id', 'name', 'is_default', 'grants'])
      .where('project_id', '=', 'p00000000000000000000001')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const byName = new Map(templates.map((row) => [row.name, row]));
    expect([...byName.keys()].sort()).toEqual(
      ['只读', '项目成员', '项目成员 2', '项目管理员', '默认模板'].sort(),
    );
    expect(templates.filter((row) => Number(row.is_default) === 1).map((row) => row.name)).toEqual([
      '项目成员 2',
    ]);
    // The project's own 项目成员 is untouched; the preset's grants are the member's.
    expect(fromJson(byName.get('项目成员')!.grants, {})).toEqual(JSON.parse(READ));
    const memberGrants = fromJson<Record<string, Record<string, unknown>>>(
      byName.get('项目成员 2')!.grants,
      {},
    );
    expect(memberGrants.problemTopics).toEqual({ view: 'all', create: true });
    expect(memberGrants.personnel).toEqual({ view: 'all' });
    const adminGrants = fromJson<Record<string, Record<string, unknown>>>(
      byName.get('项目管理员')!.grants,
      {},
    );
    expect(adminGrants.problemTopics).toEqual({
      create: true,
      delete: true,
      view: 'all',
      edit: true,
      export: true,
    });
    const readOnly = fromJson<Record<string, Record<string, unknown>>>(byName.get('只读')!.grants, {});
    expect(Object.values(readOnly).every((m) => Object.values(m).every((v) => v === 'all'))).toBe(true);

    // Both old members stay on the old default template: nobody gained a right.
    const members = await db.selectFrom('members').select(['id', 'template_id']).orderBy('id').execute();
    expect(members.map((row) => row.template_id)).toEqual([
      't00000000000000000000001',
      't00000000000000000000001',
    ]);
  });
});
