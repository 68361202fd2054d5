import { randomBytes } from 'node:crypto';
import type { CountResult, Language, WhereNode } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import type { MemberRole } from '@lintel/contracts/org';
import {
  checkMainlandIdNumber,
  personnelCreateSchema as createSchema,
  PERSONNEL_EXPORT_MAX_ROWS,
  type PERSONNEL_IMPORT_COLUMNS,
  PERSONNEL_IMPORT_MAX_ROWS,
  PERSONNEL_SHARE_PATH,
  type Person,
  type PersonnelImportCommit,
  type PersonnelImportPreview,
  type PersonnelPublicCard,
  type PersonnelShare,
  type PersonSensitive,
  type personnelCreateSchema,
  type personnelExitSchema,
  type personnelQuerySchema,
  type personnelReentrySchema,
  type personnelUpdateSchema,
  unitWithDescendants,
} from '@lintel/contracts/personnel';
import type { Insertable, Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import { parseOrder } from '../../db/order';
import type { Database } from '../../db/schema';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import { type ErrorKey, isErrorKey, translate } from '../../plugins/messages';
import type { AuditLog } from '../audit/index';
import { createDirectory, type FileRow } from '../directory/index';
import { type FileOwnerPort, type FileReadCheck, fileAttachments, opensAny } from '../files/attachments';
import type { OrgAccess } from '../org/access';
import { type PersonContext, personFileIds, presentPerson, presentPublicCard } from './personnel.presenter';
import {
  createPersonnelRepository,
  maskedKeywordCondition,
  type PersonnelFilter,
  type PersonRow,
} from './personnel.repository';
import { parseBloodType, readPersonnelSheet, type SheetRow } from './personnel.xlsx';
import { conflictOn, invalid, need, projectScope, siteDate } from './rights';
import type { PersonnelSettings } from './settings.service';
import { unitRefs } from './settings.service';
import { type PersonnelTable, withPersonnelTables } from './tables';

/** The owner key of a person's files (attachments such as ID scans, and the avatar) in the files module. */
export const PERSONNEL_FILES = 'personnel';

/** A staff card's share token: 24 random bytes, as element QR shares. */
const newShareToken = () => randomBytes(24).toString('base64url');

type CreateBody = z.output<typeof personnelCreateSchema>;
type UpdateBody = z.output<typeof personnelUpdateSchema>;
type ListQuery = z.output<typeof personnelQuerySchema>;

/** The `where` whitelist of the list (contracts PERSONNEL_WHERE_FIELDS) and its columns. */
export const PERSONNEL_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'p.name' },
  team: { type: 'string', column: 'p.team' },
  status: { type: 'string', column: 'p.status' },
  sex: { type: 'number', column: 'p.sex' },
  bloodType: { type: 'string', column: 'p.blood_type' },
  entryDate: { type: 'string', column: 'p.entry_date' },
  exitDate: { type: 'string', column: 'p.exit_date' },
  unitId: { type: 'string', column: 'p.unit_id' },
  craftId: { type: 'string', column: 'p.craft_id' },
  ruleId: { type: 'string', column: 'p.rule_id' },
};
/** The columns the keyword searches: the name, the ID number (its tail included) and the phones. */
const KEYWORD_FILTERS: FilterSpec = {
  name: { type: 'string', column: 'p.name' },
  idNumber: { type: 'string', column: 'p.id_number' },
  phone: { type: 'string', column: 'p.phone' },
  teamPhone: { type: 'string', column: 'p.team_phone' },
};
const ORDER = {
  name: 'p.name',
  entryDate: 'p.entry_date',
  exitDate: 'p.exit_date',
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
  _id: 'p.id',
} as const;

const idNumberTaken = conflictOn('personnel.idNumberTaken');

export interface PersonnelServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  settings: Pick<PersonnelSettings, 'ensureRules'>;
  /**
   * The units the caller's permission template narrows personnel to (null: not narrowed). Their sub-units
   * count too; a person outside them is not in the caller's lists and answers 404.
   */
  unitScope?:
    | ((user: User, projectId: string, role: MemberRole | null) => Promise<readonly string[] | null>)
    | undefined;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck | undefined;
  /** Full views of ID numbers and phones, and exports, are recorded here (issue 17, PIPL). */
  audit: AuditLog;
}

/** Who asks, from where: the audit log's actor and address. */
export interface Caller {
  user: User;
  ip: string | null;
}

/** The references of a person's fields, checked against the project. */
interface References {
  unitId?: string;
  craftId?: string | null;
  ruleId?: string | null;
  files?: readonly string[];
}

/**
 * Personnel records of a project (personnel-service, spec 001 §3–§5). Rights (module personnel): view to
 * read, create to register and import, edit to change, exit and re-enter, export to export (non-members
 * and other tenants 404, without the right 403). The ID number is checked and unique in the project (409);
 * sex, birth date and age follow from it.
 */
export function createPersonnelService({
  db,
  engine,
  clock,
  access,
  settings,
  unitScope,
  readableFiles,
  audit,
}: PersonnelServiceDeps) {
  const repository = createPersonnelRepository(withPersonnelTables(db));
  const directory = createDirectory(db);
  const now = () => clock.now().toISOString();
  const today = () => siteDate(clock.now());

  async function context(projectId: string, rows: readonly PersonRow[]): Promise<PersonContext> {
    const [units, crafts, rules, defaultRule, files] = await Promise.all([
      repository.unitsByIds(rows.map((row) => row.unit_id)),
      repository.named('personnel_crafts', projectId),
      repository.rules(projectId),
      repository.defaultRule(projectId),
      directory.files(rows.flatMap(personFileIds)),
    ]);
    return {
      units: new Map(units.map((row) => [row.id, row])),
      crafts: new Map(crafts.map((row) => [row.id, row])),
      rules: new Map(rules.map((row) => [row.id, row])),
      defaultRule,
      files: new Map(files.map((file: FileRow) => [file.id, file])),
      today: today(),
    };
  }

  /** Masked unless `full` (the audited export of a holder of viewSensitive). */
  async function present(rows: readonly PersonRow[], full = false): Promise<Person[]> {
    if (rows.length === 0) return [];
    const ctx = await context(rows[0]!.project_id, rows);
    return rows.map((row) => presentPerson(row, ctx, full));
  }

  /** Does the caller hold the viewSensitive right in the project (admins do)? Never throws a 403. */
  async function maySeeFull(user: User, projectId: string): Promise<boolean> {
    try {
      await access.requireScopeRole(user, projectScope(projectId), need('viewSensitive'));
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 403) return false;
      throw error;
    }
  }

  async function one(id: string): Promise<Person> {
    return (await present([(await repository.findPerson(id))!]))[0]!;
  }

  /** The units (with their sub-units) the caller's template narrows the project's personnel to, or null. */
  async function allowedUnits(
    user: User,
    projectId: string,
    role: MemberRole | null,
  ): Promise<ReadonlySet<string> | null> {
    const chosen = unitScope ? await unitScope(user, projectId, role) : null;
    if (!chosen) return null;
    const units = unitRefs(await repository.units(projectId));
    return new Set(chosen.flatMap((unitId) => unitWithDescendants(units, unitId)));
  }

  /** The person and the caller's right on their project; 404 for a missing or unseen one. */
  async function open(user: User, id: string, permission: 'view' | 'edit' | 'export') {
    return (await openScoped(user, id, permission)).row;
  }

  /** open() with the scope it was opened in (the audit log names the enterprise). */
  async function openScoped(
    user: User,
    id: string,
    permission: 'view' | 'edit' | 'export' | 'viewSensitive',
  ) {
    const row = await repository.findPerson(id);
    if (!row) throw new AppError(404, 'common.notFound');
    const scope = await access.requireScopeRole(user, projectScope(row.project_id), need(permission));
    const allowed = await allowedUnits(user, row.project_id, scope.role);
    if (allowed && !allowed.has(row.unit_id)) throw new AppError(404, 'common.notFound');
    return { row, scope };
  }

  /** The person behind a live share: on the books, in a project that still exists; else 404. */
  async function sharedPerson(token: string): Promise<PersonRow> {
    const row = await repository.findByShareToken(token);
    if (!row || row.status === 'exit' || !(await directory.projectLive(row.project_id))) {
      throw new AppError(404, 'common.notFound');
    }
    return row;
  }

  /** Files a user attaches must be files they may read (issue 14); else they are no files of the project. */
  async function checkReadable(user: User, ids: readonly string[] | undefined): Promise<void> {
    if (!ids?.length || !readableFiles) return;
    if (!(await readableFiles(user, ids))) throw invalid('personnel.fileNotFound', 'attachments');
  }

  async function checkReferences(projectId: string, refs: References): Promise<void> {
    if (refs.unitId !== undefined) {
      const unit = await repository.findUnit(refs.unitId);
      if (!unit || unit.project_id !== projectId) throw invalid('personnel.unitNotFound', 'unitId');
      if (unit.deleted_at !== null) throw invalid('personnel.unitDeleted', 'unitId');
    }
    if (refs.craftId) {
      const craft = await repository.findNamed('personnel_crafts', refs.craftId);
      if (!craft || craft.project_id !== projectId) throw invalid('personnel.craftNotFound', 'craftId');
    }
    if (refs.ruleId) {
      const rule = await repository.findRule(refs.ruleId);
      if (!rule || rule.project_id !== projectId) throw invalid('personnel.ruleNotFound', 'ruleId');
    }
    if (refs.files && refs.files.length > 0) {
      const unique = [...new Set(refs.files)];
      const files = await directory.files(unique);
      if (files.length !== unique.length || files.some((file) => file.project_id !== projectId)) {
        throw invalid('personnel.fileNotFound', 'attachments');
      }
    }
  }

  /** Sex and birth date from the ID number; a `sex` that disagrees is refused. */
  function identity(idNumber: string, sex: 0 | 1 | undefined) {
    const check = checkMainlandIdNumber(idNumber, today());
    if (!check.valid) throw invalid('personnel.idNumberInvalid', 'idNumber');
    if (sex !== undefined && sex !== check.sex) throw invalid('personnel.sexMismatch', 'sex');
    return { id_number: check.idNumber, sex: check.sex, birth_date: check.birthDate };
  }

  function newRow(body: CreateBody, at: string): Insertable<PersonnelTable> {
    return {
      id: newId(clock.now().getTime()),
      project_id: body.projectId,
      name: body.name,
      ...identity(body.idNumber, body.sex),
      blood_type: body.bloodType ?? 'unknown',
      unit_id: body.unitId,
      team: body.team ?? '',
      team_contact: body.teamContact ?? '',
      team_phone: body.teamPhone ?? '',
      phone: body.phone ?? '',
      craft_id: body.craftId ?? null,
      certificates: toJson(body.certificates ?? []),
      entry_date: body.entryDate ?? today(),
      exit_date: null,
      attachments: toJson([...new Set(body.attachments ?? [])]),
      avatar_id: body.avatar ?? null,
      safety_education: toJson(body.safetyEducation ?? []),
      rule_id: body.ruleId ?? null,
      status: 'entry',
      remark: body.remark ?? '',
      share_token: null,
      created_at: at,
      updated_at: at,
    };
  }

  /**
   * The list's filter: unit with descendants, craft, rule in force, status, keyword and `where`, within the
   * units the caller's template allows (`allowed`, null: all).
   */
  async function filterOf(
    user: User,
    projectId: string,
    query: ListQuery,
    allowed: ReadonlySet<string> | null,
  ): Promise<PersonnelFilter> {
    const conditions = [];
    const node = parseWhereQuery(query.where, PERSONNEL_FILTERS);
    if (node) conditions.push(compileWhere(node, PERSONNEL_FILTERS, engine));
    if (query.keyword) {
      // Someone who sees the values masked finds a person by the whole ID number or phone (or the four last
      // characters the mask shows), never by a part of the hidden middle (issue 17).
      const partial = await maySeeFull(user, projectId);
      const fields = partial ? Object.keys(KEYWORD_FILTERS) : ['name'];
      const keyword: WhereNode = {
        kind: 'or',
        items: fields.map((field) => ({ kind: 'contains' as const, field, value: query.keyword as string })),
      };
      const contains = compileWhere(keyword, KEYWORD_FILTERS, engine);
      conditions.push(partial ? contains : maskedKeywordCondition(query.keyword, contains));
    }
    let rule: PersonnelFilter['rule'];
    if (query.ruleId) {
      const found = await repository.findRule(query.ruleId);
      rule = { id: query.ruleId, includeDefault: found?.project_id === projectId && found.is_default === 1 };
    }
    const asked = query.unitId
      ? unitWithDescendants(unitRefs(await repository.units(projectId)), query.unitId)
      : null;
    const unitIds = allowed ? (asked ?? [...allowed]).filter((id) => allowed.has(id)) : asked;
    return {
      ...(unitIds ? { unitIds } : {}),
      ...(query.craftId ? { craftId: query.craftId } : {}),
      ...(rule ? { rule } : {}),
      ...(query.status ? { status: query.status } : {}),
      conditions,
    };
  }

  function fileRefs(body: { attachments?: string[]; avatar?: string | null }): string[] {
    return [...(body.attachments ?? []), ...(body.avatar ? [body.avatar] : [])];
  }

  // ── import ──

  /** Maps a zod issue of a row to its sheet column and an error key. */
  function issueKey(issue: z.core.$ZodIssue): {
    field: string;
    key: string;
    params?: Record<string, number>;
  } {
    const path = String(issue.path[0] ?? '');
    const field =
      path === 'unitId'
        ? 'unitName'
        : path === 'craftId'
          ? 'craftName'
          : path === 'ruleId'
            ? 'ruleName'
            : path;
    if (isErrorKey(issue.message)) return { field, key: issue.message };
    if (issue.code === 'too_big')
      return { field, key: 'validation.tooLong', params: { maximum: Number(issue.maximum) } };
    if (issue.code === 'too_small') return { field, key: 'validation.required' };
    if (issue.code === 'invalid_format' || issue.code === 'custom')
      return { field, key: 'validation.invalidFormat' };
    return { field, key: 'validation.invalid' };
  }

  /** Every row checked against the project: per-cell errors, and the bodies of the valid ones. */
  async function checkRows(projectId: string, rows: readonly SheetRow[], language: Language) {
    const [units, crafts, rules] = await Promise.all([
      repository.units(projectId),
      repository.named('personnel_crafts', projectId),
      repository.rules(projectId),
    ]);
    const byName = <T extends { name: string; id: string }>(list: readonly T[]) =>
      new Map(list.map((item) => [item.name, item.id]));
    const unitIds = byName(units);
    const craftIds = byName(crafts);
    const ruleIds = byName(rules);
    const taken = await repository.takenIdNumbers(
      projectId,
      rows.map((row) => row.values.idNumber.trim().toUpperCase()),
    );
    const seen = new Map<string, number>();
    for (const { values } of rows) {
      const id = values.idNumber.trim().toUpperCase();
      seen.set(id, (seen.get(id) ?? 0) + 1);
    }
    const checked = rows.map(({ row, values }) => {
      const errors: Array<{ field: string; key: string; params?: Record<string, number> }> = [];
      const required = (field: (typeof PERSONNEL_IMPORT_COLUMNS)[number]) => {
        if (values[field] === '') errors.push({ field, key: 'personnel.importRequired' });
      };
      required('name');
      required('idNumber');
      required('unitName');
      const unitId = unitIds.get(values.unitName);
      if (values.unitName !== '' && !unitId)
        errors.push({ field: 'unitName', key: 'personnel.unitNotFound' });
      const craftId = values.craftName === '' ? null : craftIds.get(values.craftName);
      if (craftId === undefined) errors.push({ field: 'craftName', key: 'personnel.craftNotFound' });
      const ruleId = values.ruleName === '' ? null : ruleIds.get(values.ruleName);
      if (ruleId === undefined) errors.push({ field: 'ruleName', key: 'personnel.ruleNotFound' });
      const bloodType = parseBloodType(values.bloodType);
      if (!bloodType) errors.push({ field: 'bloodType', key: 'validation.invalidValue' });
      const candidate = {
        projectId,
        name: values.name,
        idNumber: values.idNumber,
        unitId: unitId ?? projectId,
        ...(craftId ? { craftId } : {}),
        ...(ruleId ? { ruleId } : {}),
        ...(bloodType ? { bloodType } : {}),
        team: values.team,
        teamContact: values.teamContact,
        teamPhone: values.teamPhone,
        phone: values.phone,
        certificates: values.certificates
          .split(/[,，、;；\n]/)
          .map((s) => s.trim())
          .filter((s) => s !== ''),
        ...(values.entryDate ? { entryDate: values.entryDate } : {}),
        remark: values.remark,
      };
      const parsed = createSchema.safeParse(candidate);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const problem = issueKey(issue);
          // One error a cell: a missing or unknown value already said what is wrong.
          if (!errors.some((e) => e.field === problem.field)) errors.push(problem);
        }
      } else {
        const id = parsed.data.idNumber;
        if ((seen.get(id) ?? 0) > 1)
          errors.push({ field: 'idNumber', key: 'personnel.importDuplicateInFile' });
        else if (taken.has(id)) errors.push({ field: 'idNumber', key: 'personnel.idNumberTaken' });
      }
      return {
        row,
        values,
        errors: errors.map((e) => ({
          field: e.field,
          key: e.key,
          message: translate(language, e.key, e.params),
        })),
        body: parsed.success ? parsed.data : null,
      };
    });
    return checked;
  }

  return {
    async list(user: User, projectId: string, query: ListQuery): Promise<Person[] | CountResult> {
      const scope = await access.requireScopeRole(user, projectScope(projectId), need('view'));
      await settings.ensureRules(projectId);
      const filter = await filterOf(user, projectId, query, await allowedUnits(user, projectId, scope.role));
      if (query.only_count) return { count: await repository.countPeople(projectId, filter) };
      const order = parseOrder(query.order, ORDER, { column: ORDER.entryDate, direction: 'desc' });
      return present(
        await repository.listPeople(projectId, filter, { order, skip: query.skip, limit: query.limit }),
      );
    },

    /**
     * Every person of the filtered list (no paging), for the export (export right). Masked, or with `full`
     * the ID numbers and phones in full (the viewSensitive right too). Recorded in the audit log (who, which
     * project, how many rows, full or masked) before the file is made.
     */
    async exportList({ user, ip }: Caller, projectId: string, query: ListQuery): Promise<Person[]> {
      const scope = await access.requireScopeRole(user, projectScope(projectId), need('export'));
      if (query.full) await access.requireScopeRole(user, projectScope(projectId), need('viewSensitive'));
      await settings.ensureRules(projectId);
      const filter = await filterOf(user, projectId, query, await allowedUnits(user, projectId, scope.role));
      const count = await repository.countPeople(projectId, filter);
      if (count > PERSONNEL_EXPORT_MAX_ROWS) {
        throw new AppError(400, 'personnel.exportTooLarge', { params: { max: PERSONNEL_EXPORT_MAX_ROWS } });
      }
      const order = parseOrder(query.order, ORDER, { column: ORDER.entryDate, direction: 'desc' });
      const rows = await repository.listPeople(projectId, filter, { order, skip: 0, limit: count || 1 });
      await audit.record({
        action: 'personnel.exported',
        actorId: user._id,
        ip,
        enterpriseId: scope.enterpriseId,
        projectId,
        targetType: 'worker',
        targetId: null,
        detail: { rows: rows.length, full: query.full === true },
      });
      return present(rows, query.full === true);
    },

    /**
     * GET personnel/{id}/sensitive: one person's ID number and phones in full, for a holder of the
     * viewSensitive right (admins hold it), each view recorded in the audit log (issue 17, PIPL).
     */
    async sensitive({ user, ip }: Caller, id: string): Promise<PersonSensitive> {
      const { row, scope } = await openScoped(user, id, 'viewSensitive');
      // Seeing a worker in full is seeing them: the view right too (a template could grant one alone).
      await access.requireScopeRole(user, projectScope(row.project_id), need('view'));
      await audit.record({
        action: 'personnel.sensitiveViewed',
        actorId: user._id,
        ip,
        enterpriseId: scope.enterpriseId,
        projectId: row.project_id,
        targetType: 'worker',
        targetId: row.id,
        detail: { name: row.name },
      });
      return { _id: row.id, idNumber: row.id_number, phone: row.phone, teamPhone: row.team_phone };
    },

    async detail(user: User, id: string): Promise<Person> {
      await open(user, id, 'view');
      return one(id);
    },

    async create(user: User, body: CreateBody): Promise<Person> {
      await access.requireScopeRole(user, projectScope(body.projectId), need('create'));
      await settings.ensureRules(body.projectId);
      await checkReferences(body.projectId, { ...body, files: fileRefs(body) });
      await checkReadable(user, fileRefs(body));
      const row = newRow(body, now());
      await db
        .transaction()
        .execute(async (trx) => {
          await createPersonnelRepository(withPersonnelTables(trx)).insertPeople([row]);
          // The ID scans, photos and avatar are read through the person from now on (issue 14).
          await fileAttachments.set(trx, PERSONNEL_FILES, row.id as string, personFileIds(row as PersonRow));
        })
        .catch(idNumberTaken);
      return one(row.id);
    },

    /** PUT personnel/{id}: any field; `status` entry ⇄ abnormal for someone on the books. */
    async update(user: User, id: string, body: UpdateBody): Promise<Person> {
      const row = await open(user, id, 'edit');
      if (body.status !== undefined && row.status === 'exit')
        throw new AppError(409, 'personnel.alreadyExited');
      const unitChanged = body.unitId !== undefined && body.unitId !== row.unit_id;
      await checkReferences(row.project_id, {
        ...(unitChanged ? { unitId: body.unitId } : {}),
        ...(body.craftId !== undefined ? { craftId: body.craftId } : {}),
        ...(body.ruleId !== undefined ? { ruleId: body.ruleId } : {}),
        files: fileRefs(body),
      });
      await checkReadable(user, fileRefs(body));
      const ids =
        body.idNumber !== undefined || body.sex !== undefined
          ? identity(body.idNumber ?? row.id_number, body.sex)
          : {};
      const patch = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...ids,
        ...(body.bloodType !== undefined ? { blood_type: body.bloodType } : {}),
        ...(unitChanged ? { unit_id: body.unitId } : {}),
        ...(body.team !== undefined ? { team: body.team } : {}),
        ...(body.teamContact !== undefined ? { team_contact: body.teamContact } : {}),
        ...(body.teamPhone !== undefined ? { team_phone: body.teamPhone } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.craftId !== undefined ? { craft_id: body.craftId } : {}),
        ...(body.certificates !== undefined ? { certificates: toJson(body.certificates) } : {}),
        ...(body.entryDate !== undefined ? { entry_date: body.entryDate } : {}),
        ...(body.attachments !== undefined ? { attachments: toJson([...new Set(body.attachments)]) } : {}),
        ...(body.avatar !== undefined ? { avatar_id: body.avatar } : {}),
        ...(body.safetyEducation !== undefined ? { safety_education: toJson(body.safetyEducation) } : {}),
        ...(body.ruleId !== undefined ? { rule_id: body.ruleId } : {}),
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.remark !== undefined ? { remark: body.remark } : {}),
        updated_at: now(),
      };
      await db
        .transaction()
        .execute(async (trx) => {
          await createPersonnelRepository(withPersonnelTables(trx)).updatePerson(id, patch);
          if (body.attachments !== undefined || body.avatar !== undefined) {
            await fileAttachments.set(trx, PERSONNEL_FILES, id, personFileIds({ ...row, ...patch }));
          }
        })
        .catch(idNumberTaken);
      return one(id);
    },

    /** PUT personnel/{id}/exit: the date (not before the entry) and the remark (required, spec 001 §5). */
    async exit(user: User, id: string, body: z.output<typeof personnelExitSchema>): Promise<Person> {
      const row = await open(user, id, 'edit');
      if (row.status === 'exit') throw new AppError(409, 'personnel.alreadyExited');
      if (body.date < row.entry_date) throw invalid('personnel.exitBeforeEntry', 'date');
      await repository.updatePerson(id, {
        status: 'exit',
        exit_date: body.date,
        // The staff card's share dies with the exit (issue 14); a re-entry does not bring it back.
        share_token: null,
        remark: body.remark,
        updated_at: now(),
      });
      return one(id);
    },

    /** PUT personnel/{id}/reentry: back on site from `date`; the exit date is cleared. */
    async reentry(user: User, id: string, body: z.output<typeof personnelReentrySchema>): Promise<Person> {
      const row = await open(user, id, 'edit');
      if (row.status !== 'exit') throw new AppError(409, 'personnel.notExited');
      await checkReferences(row.project_id, { unitId: row.unit_id });
      await repository.updatePerson(id, {
        status: 'entry',
        entry_date: body.date,
        exit_date: null,
        ...(body.remark !== undefined ? { remark: body.remark } : {}),
        updated_at: now(),
      });
      return one(id);
    },

    /** The files module's question (issue 14): may the user see one of these people (unit scope included)? */
    fileOwner: {
      owner: PERSONNEL_FILES,
      canRead: (user: User, ids: readonly string[]) => opensAny(ids, (id) => open(user, id, 'view')),
    } satisfies FileOwnerPort,

    /** The import and its template need the create right (checked before the upload is read). */
    async requireImport(user: User, projectId: string): Promise<void> {
      await access.requireScopeRole(user, projectScope(projectId), need('create'));
    },

    /**
     * GET personnel/{id}/share: the staff QR code's token, made once and then the same until rotated or
     * revoked. The card is published outside the project: the export right, as for element QR shares; an
     * exited person has none (409 personnel.shareExited).
     */
    async share(user: User, id: string): Promise<PersonnelShare> {
      const row = await open(user, id, 'export');
      if (row.status === 'exit') throw new AppError(409, 'personnel.shareExited');
      const token = row.share_token ?? (await repository.shareToken(id, newShareToken()));
      return { token, url: `${PERSONNEL_SHARE_PATH}/${token}` };
    },

    /** POST personnel/{id}/share: a new token; the old one's page answers 404 from now on. */
    async rotateShare(user: User, id: string): Promise<PersonnelShare> {
      const row = await open(user, id, 'export');
      if (row.status === 'exit') throw new AppError(409, 'personnel.shareExited');
      const token = newShareToken();
      // Two rotations at once: one wins, the other is told (its token would be dead already).
      if (!(await repository.replaceShareToken(id, row.share_token, token))) {
        throw new AppError(409, 'personnel.shareChanged');
      }
      return { token, url: `${PERSONNEL_SHARE_PATH}/${token}` };
    },

    /** DELETE personnel/{id}/share: the card's page answers 404 until a new share is made. */
    async revokeShare(user: User, id: string): Promise<void> {
      const row = await open(user, id, 'export');
      if (row.share_token === null) return;
      await repository.replaceShareToken(id, row.share_token, null);
    },

    /**
     * GET share/personnel/{token} (no session): the public card; 404 for an unknown token, and for a token
     * of an exited person or of a project deleted since.
     */
    async publicCard(token: string, avatarPath: (token: string) => string): Promise<PersonnelPublicCard> {
      const row = await sharedPerson(token);
      const [unit, craft, project] = await Promise.all([
        repository.findUnit(row.unit_id),
        row.craft_id ? repository.findNamed('personnel_crafts', row.craft_id) : Promise.resolve(undefined),
        directory.projectName(row.project_id),
      ]);
      return presentPublicCard(row, {
        project,
        unit: unit?.name ?? null,
        craft: craft?.name ?? null,
        avatarUrl: row.avatar_id ? avatarPath(token) : null,
      });
    },

    /** The avatar file of a shared card; 404 when the token or the avatar is unknown. */
    async publicAvatar(token: string): Promise<FileRow> {
      const row = await sharedPerson(token);
      const [file] = row.avatar_id ? await directory.files([row.avatar_id]) : [];
      if (!file) throw new AppError(404, 'common.notFound');
      return file;
    },

    /**
     * POST projects/{id}/personnel/import: the sheet's rows checked (preview: nothing saved). The commit
     * saves every row in one transaction, or nothing when any row is invalid (400 personnel.importInvalid,
     * the preview in `details`' place is not needed: the client previews first).
     */
    async importSheet(
      user: User,
      projectId: string,
      bytes: Buffer,
      commit: boolean,
      language: Language,
    ): Promise<PersonnelImportPreview | PersonnelImportCommit> {
      await access.requireScopeRole(user, projectScope(projectId), need('create'));
      await settings.ensureRules(projectId);
      const rows = await readPersonnelSheet(bytes, PERSONNEL_IMPORT_MAX_ROWS);
      const checked = await checkRows(projectId, rows, language);
      const invalidCount = checked.filter((row) => row.errors.length > 0).length;
      if (!commit) {
        return {
          rows: checked.map(({ row, values, errors }) => ({ row, values, errors })),
          valid: checked.length - invalidCount,
          invalid: invalidCount,
        };
      }
      if (invalidCount > 0) {
        throw new AppError(400, 'personnel.importInvalid', {
          params: { count: invalidCount },
          details: checked
            .filter((row) => row.errors.length > 0)
            .slice(0, 50)
            .flatMap(({ row, errors }) =>
              errors.map((error) => ({
                path: `rows.${row}.${error.field}`,
                key: error.key as ErrorKey,
              })),
            ),
        });
      }
      const at = now();
      const inserts = checked.map((row) => newRow(row.body as CreateBody, at));
      await db
        .transaction()
        .execute(async (trx) => {
          await createPersonnelRepository(withPersonnelTables(trx)).insertPeople(inserts);
          for (const row of inserts) {
            await fileAttachments.set(
              trx,
              PERSONNEL_FILES,
              row.id as string,
              personFileIds(row as PersonRow),
            );
          }
        })
        .catch(idNumberTaken);
      return { created: inserts.length, ids: inserts.map((row) => row.id) };
    },
  };
}
export type PersonnelService = ReturnType<typeof createPersonnelService>;
