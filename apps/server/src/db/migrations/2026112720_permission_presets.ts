import type { Kysely } from 'kysely';
import { newId } from '../ids';
import type { Database } from '../schema';

/**
 * The preset permission templates (issue 17) for the projects made before them: 项目管理员 (everything),
 * 项目成员 (becomes the default one, for members added, invited or admitted from now on) and 只读.
 *
 * - The grants are copied here as they were on 2026-11-27 (a migration never follows today's catalogue).
 * - A name the project already uses stays with its template; the preset takes "项目成员 2" (3, …) instead.
 * - Members of the old default template keep exactly the rights they had: the few without a template
 *   (they used the default one implicitly) are pinned to the old default template before the default
 *   moves, so no existing member gains a right silently.
 * - A project that already has the presets (made by today's project set-up) is left alone.
 * - No `down`: the presets are ordinary templates once made (renamed, edited, in use); going back keeps them.
 */
const READ_ALL = { view: 'all' } as const;
const PLANS_READ = { view: 'all', viewInternalPlan: 'all', viewExternalPlan: 'all' } as const;
const CRUD = { create: true, delete: true, view: 'all', edit: true } as const;
const CRUD_EXPORT = { ...CRUD, export: true } as const;
const CRUD_FILES = { ...CRUD, upload: true, download: true, export: true } as const;

const PRESETS = [
  {
    name: '项目管理员',
    isDefault: false,
    grants: {
      home: { view: 'all', edit: true },
      addressBook: { view: 'all', export: true },
      announcements: CRUD,
      notifications: READ_ALL,
      modelViewer: CRUD_FILES,
      contactLists: CRUD_EXPORT,
      documents: CRUD_FILES,
      projectActivities: CRUD,
      forms: { ...CRUD, personalOperation: true, export: true },
      checklists: CRUD_EXPORT,
      materialTracing: CRUD_EXPORT,
      problemTopics: CRUD_EXPORT,
      programmeApproval: CRUD_EXPORT,
      progressPlans: { ...CRUD_EXPORT, ...PLANS_READ },
      tasks: CRUD_EXPORT,
      personnel: { ...CRUD_EXPORT, viewSensitive: true },
      towerCranes: CRUD,
      videoCameras: CRUD,
      costManagement: CRUD_EXPORT,
    },
  },
  {
    name: '项目成员',
    isDefault: true,
    grants: {
      home: READ_ALL,
      addressBook: READ_ALL,
      announcements: { view: 'all', create: true, delete: true },
      notifications: READ_ALL,
      modelViewer: { view: 'all', create: true, upload: true, download: true },
      contactLists: { view: 'all', create: true },
      documents: { view: 'all', create: true },
      projectActivities: { view: 'all', create: true },
      forms: { view: 'all', create: true },
      checklists: { view: 'all', create: true },
      materialTracing: { view: 'all', create: true },
      problemTopics: { view: 'all', create: true },
      programmeApproval: READ_ALL,
      progressPlans: PLANS_READ,
      tasks: READ_ALL,
      personnel: READ_ALL,
      towerCranes: READ_ALL,
      videoCameras: READ_ALL,
      costManagement: READ_ALL,
    },
  },
  {
    name: '只读',
    isDefault: false,
    grants: {
      home: READ_ALL,
      addressBook: READ_ALL,
      announcements: READ_ALL,
      notifications: READ_ALL,
      modelViewer: READ_ALL,
      contactLists: READ_ALL,
      documents: READ_ALL,
      projectActivities: READ_ALL,
      forms: READ_ALL,
      checklists: READ_ALL,
      materialTracing: READ_ALL,
      problemTopics: READ_ALL,
      programmeApproval: READ_ALL,
      progressPlans: PLANS_READ,
      tasks: READ_ALL,
      personnel: READ_ALL,
      towerCranes: READ_ALL,
      videoCameras: READ_ALL,
      costManagement: READ_ALL,
    },
  },
] as const;

function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) if (!taken.has(`${name} ${n}`)) return `${name} ${n}`;
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<Database>;
  const now = new Date().toISOString();
  const projects = await db.selectFrom('projects').select('id').orderBy('id').execute();
  for (const { id: projectId } of projects) {
    const templates = await db
      .selectFrom('permission_templates')
      .select(['id', 'name', 'is_default'])
      .where('project_id', '=', projectId)
      .execute();
    const taken = new Set(templates.map((row) => row.name));
    const oldDefault = templates.find((row) => Number(row.is_default) === 1);
    if (oldDefault?.name === '项目成员' && taken.has('项目管理员') && taken.has('只读')) continue;
    if (oldDefault) {
      await db
        .updateTable('members')
        .set({ template_id: oldDefault.id })
        .where('scope_type', '=', 'project')
        .where('scope_id', '=', projectId)
        .where('template_id', 'is', null)
        .execute();
      await db
        .updateTable('permission_templates')
        .set({ is_default: 0 })
        .where('id', '=', oldDefault.id)
        .execute();
    }
    const rows = PRESETS.map((preset) => {
      const name = freeName(preset.name, taken);
      taken.add(name);
      return {
        id: newId(),
        project_id: projectId,
        name,
        is_default: preset.isDefault ? (1 as const) : (0 as const),
        grants: JSON.stringify(preset.grants),
        tree_scopes: '{}',
        created_at: now,
        updated_at: now,
      };
    });
    await db.insertInto('permission_templates').values(rows).execute();
  }
}
