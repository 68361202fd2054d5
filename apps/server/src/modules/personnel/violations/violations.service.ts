import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import {
  unitWithDescendants,
  type ViolationRecord,
  type ViolationStatistics,
  type violationRecordCreateSchema,
  type violationRecordsQuerySchema,
  type violationRecordUpdateSchema,
  type violationStatisticsQuerySchema,
} from '@lintel/contracts/personnel';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../../clock';
import { newId } from '../../../db/ids';
import { toJson } from '../../../db/json';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { ErrorKey } from '../../../plugins/messages';
import { createDirectory } from '../../directory/index';
import { type FileOwnerPort, type FileReadCheck, fileAttachments, opensAny } from '../../files/attachments';
import type { OrgAccess, ScopeNeed } from '../../org/access';
import type { PeopleSource } from '../attendance/people';
import type { Named } from '../attendance/roster';
import { photoIds, presentViolation } from './violations.presenter';
import { createViolationsRepository, type ViolationFilter, type ViolationRow } from './violations.repository';

const MODULE = 'personnel';
const need = (permission: 'view' | 'create' | 'edit' | 'delete' | 'export'): ScopeNeed => ({
  moduleKey: MODULE,
  permission,
});
/** The export refuses larger lists (400 violations.exportTooLarge). */
export const VIOLATION_EXPORT_MAX_ROWS = 50_000;

type CreateBody = z.output<typeof violationRecordCreateSchema>;
type UpdateBody = z.output<typeof violationRecordUpdateSchema>;
type ListQuery = z.output<typeof violationRecordsQuerySchema>;
type StatisticsQuery = z.output<typeof violationStatisticsQuerySchema>;

const invalid = (key: ErrorKey, path: string) => new AppError(400, key, { details: [{ path, key }] });

export interface ViolationsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: OrgAccess;
  people: PeopleSource;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck | undefined;
}

/** The owner key of violation photos in the files module. */
export const VIOLATION_FILES = 'violations';

/** Violation records of a project's workers: recorded with type, item and photos; listed and counted. */
export function createViolationsService({ db, clock, access, people, readableFiles }: ViolationsServiceDeps) {
  const repository = createViolationsRepository(db);
  const directory = createDirectory(db);
  const project = (user: User, projectId: string, scopeNeed: ScopeNeed) =>
    access.requireScopeRole(user, { type: 'project', id: projectId }, scopeNeed);

  /** The record, when the caller may do `permission` in its project; otherwise 404 / 403. */
  async function open(user: User, id: string, permission: Parameters<typeof need>[0]): Promise<ViolationRow> {
    const row = await repository.find(id);
    if (!row) throw new AppError(404, 'common.notFound');
    await project(user, row.project_id, need(permission));
    return row;
  }

  /** Photos a user attaches must be files they may read (issue 14); else they are no photos of the project. */
  async function checkReadable(user: User, ids: readonly string[] | undefined): Promise<void> {
    if (!ids?.length || !readableFiles) return;
    if (!(await readableFiles(user, ids))) throw invalid('violations.photoNotFound', 'photos');
  }

  /** Every reference must be of the record's project: person, type, item (of that type), recorder, photos. */
  async function checkReferences(
    projectId: string,
    refs: {
      personId?: string | undefined;
      typeId: string;
      itemId: string;
      recorderId?: string | undefined;
      photos?: string[] | undefined;
    },
  ): Promise<void> {
    if (refs.personId) {
      const person = await people.person(refs.personId);
      if (!person || person.projectId !== projectId) throw invalid('violations.personNotFound', 'personId');
    }
    const type = await people.violationType(refs.typeId);
    if (!type || type.projectId !== projectId) throw invalid('violations.typeNotFound', 'typeId');
    const item = await people.violationItem(refs.itemId);
    if (!item || item.projectId !== projectId) throw invalid('violations.itemNotFound', 'itemId');
    if (item.typeId !== refs.typeId) throw invalid('violations.itemNotOfType', 'itemId');
    if (
      refs.recorderId &&
      !(await directory.membersAmong(projectId, [refs.recorderId])).has(refs.recorderId)
    ) {
      throw invalid('violations.recorderNotMember', 'recorderId');
    }
    if (refs.photos?.length) {
      const unique = [...new Set(refs.photos)];
      const files = await directory.files(unique);
      if (files.length !== unique.length || files.some((file) => file.project_id !== projectId)) {
        throw invalid('violations.photoNotFound', 'photos');
      }
      if (files.some((file) => !file.content_type.startsWith('image/'))) {
        throw invalid('violations.photoNotImage', 'photos');
      }
    }
  }

  async function present(projectId: string, rows: ViolationRow[]): Promise<ViolationRecord[]> {
    const personIds = [...new Set(rows.map((row) => row.person_id))];
    const [roster, units, types, items, users, files] = await Promise.all([
      people.roster(projectId, { personIds }),
      people.units(projectId),
      people.violationTypes(projectId),
      people.violationItems(projectId),
      directory.users(rows.flatMap((row) => (row.recorder_id ? [row.recorder_id] : []))),
      directory.files(rows.flatMap(photoIds)),
    ]);
    const context = {
      people: new Map(roster.map((person) => [person.id, person])),
      units: new Map<string, Named>(units.map((unit) => [unit._id, { id: unit._id, name: unit.name }])),
      types: new Map(types.map((type) => [type.id, type])),
      items: new Map(items.map((item) => [item.id, item])),
      users,
      files: new Map(files.map((file) => [file.id, file])),
    };
    return rows.map((row) => presentViolation(row, context));
  }

  /** The list filters as SQL filters: a unit (with those below it) and a keyword become person ids. */
  async function filterOf(projectId: string, query: ListQuery | StatisticsQuery): Promise<ViolationFilter> {
    // Only the list has paging (and the person, unit, type and item filters); the statistics take a range.
    const list = 'skip' in query ? query : undefined;
    const filter: ViolationFilter = {
      typeId: list?.typeId,
      itemId: list?.itemId,
      from: query.from ?? ('fromMonth' in query && query.fromMonth ? `${query.fromMonth}-01` : undefined),
      to: query.to ?? ('toMonth' in query && query.toMonth ? `${query.toMonth}-31` : undefined),
    };
    if (list?.unitId || list?.keyword) {
      const unitIds = list.unitId
        ? unitWithDescendants(await people.units(projectId), list.unitId)
        : undefined;
      const roster = await people.roster(projectId, { unitIds, keyword: list.keyword });
      filter.personIds = roster.map((person) => person.id);
    }
    if (list?.personId) {
      filter.personIds = filter.personIds
        ? filter.personIds.filter((id) => id === list.personId)
        : [list.personId];
    }
    return filter;
  }

  return {
    async create(user: User, body: CreateBody): Promise<ViolationRecord> {
      await project(user, body.projectId, need('create'));
      const photos = [...new Set(body.photos ?? [])];
      await checkReferences(body.projectId, { ...body, photos });
      await checkReadable(user, photos);
      const now = clock.now().toISOString();
      const row: ViolationRow = {
        id: newId(clock.now().getTime()),
        project_id: body.projectId,
        person_id: body.personId,
        date: body.date,
        description: body.description,
        type_id: body.typeId,
        item_id: body.itemId,
        recorder_id: body.recorderId ?? user._id,
        photos: toJson(photos),
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        await createViolationsRepository(trx).insert(row);
        await fileAttachments.set(trx, VIOLATION_FILES, row.id, photos);
      });
      return (await present(body.projectId, [row]))[0]!;
    },

    async detail(user: User, id: string): Promise<ViolationRecord> {
      const row = await open(user, id, 'view');
      return (await present(row.project_id, [row]))[0]!;
    },

    async update(user: User, id: string, body: UpdateBody): Promise<ViolationRecord> {
      const row = await open(user, id, 'edit');
      const photos = body.photos === undefined ? undefined : [...new Set(body.photos)];
      await checkReferences(row.project_id, {
        personId: body.personId,
        typeId: body.typeId ?? row.type_id,
        itemId: body.itemId ?? row.item_id,
        recorderId: body.recorderId,
        photos,
      });
      await checkReadable(user, photos);
      const changes: Partial<ViolationRow> = { updated_at: clock.now().toISOString() };
      if (body.personId !== undefined) changes.person_id = body.personId;
      if (body.date !== undefined) changes.date = body.date;
      if (body.description !== undefined) changes.description = body.description;
      if (body.typeId !== undefined) changes.type_id = body.typeId;
      if (body.itemId !== undefined) changes.item_id = body.itemId;
      if (body.recorderId !== undefined) changes.recorder_id = body.recorderId;
      if (photos !== undefined) changes.photos = toJson(photos);
      await db.transaction().execute(async (trx) => {
        await createViolationsRepository(trx).update(id, changes);
        if (photos !== undefined) await fileAttachments.set(trx, VIOLATION_FILES, id, photos);
      });
      return (await present(row.project_id, [{ ...row, ...changes }]))[0]!;
    },

    /** The files module's question (issue 14): may the user see one of these records? */
    fileOwner: {
      owner: VIOLATION_FILES,
      canRead: (user: User, ids: readonly string[]) => opensAny(ids, (id) => open(user, id, 'view')),
    } satisfies FileOwnerPort,

    async remove(user: User, id: string): Promise<void> {
      await open(user, id, 'delete');
      await repository.remove(id);
    },

    async list(user: User, projectId: string, query: ListQuery): Promise<ViolationRecord[] | CountResult> {
      await project(user, projectId, need(query.export ? 'export' : 'view'));
      const filter = await filterOf(projectId, query);
      if (query.only_count) return { count: await repository.count(projectId, filter) };
      if (query.export) {
        const count = await repository.count(projectId, filter);
        if (count > VIOLATION_EXPORT_MAX_ROWS) {
          throw new AppError(400, 'violations.exportTooLarge', {
            params: { max: VIOLATION_EXPORT_MAX_ROWS },
          });
        }
        return present(projectId, await repository.list(projectId, filter, 0, undefined));
      }
      return present(projectId, await repository.list(projectId, filter, query.skip, query.limit));
    },

    /** Counts by type, by the person's unit and by month over the range; names of the project's settings. */
    async statistics(user: User, projectId: string, query: StatisticsQuery): Promise<ViolationStatistics> {
      await project(user, projectId, need(query.export ? 'export' : 'view'));
      const facts = await repository.facts(projectId, await filterOf(projectId, query));
      const [types, units, roster] = await Promise.all([
        people.violationTypes(projectId),
        people.units(projectId),
        people.roster(projectId, { personIds: [...new Set(facts.map((fact) => fact.person_id))] }),
      ]);
      const unitOf = new Map(roster.map((person) => [person.id, person.unitId ?? '']));
      const typeNames = new Map(types.map((type) => [type.id, type.name]));
      const unitNames = new Map(units.map((unit) => [unit._id, unit.name]));
      const tally = (keys: string[]) => {
        const counts = new Map<string, number>();
        for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
        return counts;
      };
      const rows = (counts: Map<string, number>, names: Map<string, string>) =>
        [...counts]
          .map(([id, count]) => ({ group: id ? { _id: id, name: names.get(id) ?? '' } : null, count }))
          .sort(
            (a, b) => b.count - a.count || (a.group?.name ?? '').localeCompare(b.group?.name ?? '', 'zh-CN'),
          );
      const months = tally(facts.map((fact) => fact.date.slice(0, 7)));
      return {
        total: facts.length,
        byType: rows(tally(facts.map((fact) => fact.type_id)), typeNames),
        byUnit: rows(tally(facts.map((fact) => unitOf.get(fact.person_id) ?? '')), unitNames),
        byMonth: [...months]
          .map(([month, count]) => ({ month, count }))
          .sort((a, b) => a.month.localeCompare(b.month)),
      };
    },
  };
}
export type ViolationsService = ReturnType<typeof createViolationsService>;
