import type { CountResult } from '@lintel/contracts';
import type { User } from '@lintel/contracts/account';
import type { PermissionType, ScopeValue } from '@lintel/contracts/permissions';
import {
  DEFAULT_TOPIC_ORDER,
  delayFilterDays,
  processingDeadlineRange,
  type Topic,
  type TopicAbilities,
  type TopicCategory,
  type TopicResponse,
  type TopicState,
  type TopicSummary,
  type topicCreateSchema,
  topicDelayDays,
  type topicResponseCreateSchema,
  type topicsQuerySchema,
  type topicUpdateSchema,
  utcDate,
} from '@lintel/contracts/topics';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { newId } from '../../db/ids';
import { fromJson, toJson } from '../../db/json';
import { parseOrder } from '../../db/order';
import type { Database, IntBool } from '../../db/schema';
import { compileWhere, type FilterSpec, parseWhereQuery } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import type { ErrorKey } from '../../plugins/messages';
import type { FileRow } from '../files/files.repository';
import type { NotificationsModule, Notify } from '../notifications/index';
import type { OrgAccess, ScopeAccess } from '../org/access';
import { createTopicDirectory, withSubDepartments } from './directory';
import { type TopicPeopleTable, type TopicsTable, withTopicTables } from './tables';
import {
  type Expansion,
  presentLink,
  presentResponse,
  presentSummary,
  presentTopic,
} from './topics.presenter';
import {
  allOf,
  createTopicsRepository,
  type PersonRow,
  type SettingRow,
  type TopicRow,
  type TopicsRepository,
  topicConditions,
} from './topics.repository';

/** The module key of the permission templates (contracts MODULES). */
export const TOPICS_MODULE = 'problemTopics';
const need = (permission: PermissionType) => ({ moduleKey: TOPICS_MODULE, permission }) as const;

/** The `where` whitelist of the list (contracts TOPIC_WHERE_FIELDS), with the columns it reads. */
export const TOPIC_FILTERS: FilterSpec = {
  name: { type: 'string', column: 't.name' },
  status: { type: 'string', column: 't.status' },
  priority: { type: 'string', column: 't.priority' },
  domainId: { type: 'string', column: 't.domain_id' },
  speciesId: { type: 'string', column: 't.species_id' },
  subcontractId: { type: 'string', column: 't.subcontract_id' },
  creatorId: { type: 'string', column: 't.creator_id' },
  number: { type: 'number', column: 't.number' },
  createdAt: { type: 'date', column: 't.created_at' },
  deadline: { type: 'date', column: 't.deadline' },
};
const ORDER = {
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
  number: 't.number',
  deadline: 't.deadline',
  name: 't.name',
} as const;

type CreateBody = z.output<typeof topicCreateSchema>;
type UpdateBody = z.output<typeof topicUpdateSchema>;
type ListQuery = z.output<typeof topicsQuerySchema>;
type ResponseBody = z.output<typeof topicResponseCreateSchema>;

/** At most this many topics answer for one model element. */
const ENTITY_TOPICS_MAX = 200;
/** Notification texts cut to this many characters. */
const EXCERPT = 140;

/** The web page of one topic: where its notifications and to-dos lead. */
export function topicLink(projectId: string, id: string): string {
  return `/projects/${projectId}/topics/${id}`;
}

function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  return characters.length <= EXCERPT ? line : `${characters.slice(0, EXCERPT).join('')}…`;
}

export interface TopicsServiceDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  /** modules/permissions: may the user do this in the project's problem topics? */
  authorize(user: User, projectId: string, moduleKey: string, permission: PermissionType): Promise<boolean>;
  /** modules/permissions: how far the user's view right reaches. */
  visibleScope(user: User, projectId: string, moduleKey: string): Promise<ScopeValue>;
  notify: Notify;
  addTodo: NotificationsModule['addTodo'];
  closeTodo: NotificationsModule['closeTodo'];
  /** The user's unread notifications about this topic become read (they opened it). */
  readNotifications(user: User, topicId: string): Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** The topic as the caller may see it. */
interface Opened {
  row: TopicRow;
  scope: ScopeAccess;
  person: PersonRow | undefined;
}

/** The references a create or an update names, checked against the project. */
interface References {
  mentions?: string[] | undefined;
  participants?: string[] | undefined;
  domainId?: string | null | undefined;
  speciesId?: string | null | undefined;
  subcontractId?: string | null | undefined;
  images?: string[] | undefined;
  links?: CreateBody['links'];
}

const invalid = (status: number, key: ErrorKey, path: string) =>
  new AppError(status, key, { details: [{ path, key }] });

/**
 * Problem topics of a project (topic-service, spec 000 §7, spec 001 §3–§5). Rights (module problemTopics):
 * every call needs view in the project (non-members and other tenants 404, without it 403), and the view
 * scope narrows which topics one sees (all; relatedToMe: created, mentioned, participating or following;
 * ownDepartment(AndBelow): also those created in one's department (and below)). Creating needs create;
 * the creator always edits and deletes their own, others need edit / delete; the creator or a project
 * admin closes and reopens; the creator, the mentioned, the participants and editors respond.
 */
export function createTopicsService(deps: TopicsServiceDeps) {
  const { db, engine, clock, access, authorize, visibleScope, notify, addTodo, closeTodo, log } = deps;
  const repository = createTopicsRepository(withTopicTables(db));
  const directory = createTopicDirectory(db);
  const project = (id: string) => ({ type: 'project' as const, id });
  const now = () => clock.now().toISOString();
  const userIds = (text: string) => fromJson<string[]>(text, []);

  /** Best effort after the commit: a failure to notify never undoes the change. */
  async function quietly(what: string, topicId: string, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      log.warn({ err: error, topicId }, what);
    }
  }

  // ── visibility ──

  /** The creators whose topics a department scope opens (the caller's department, and below). */
  async function departmentCreators(user: User, projectId: string, below: boolean): Promise<string[]> {
    const members = await directory.projectMembers(projectId);
    const mine = members.find((m) => m.userId === user._id)?.department ?? '';
    if (mine === '') return [];
    const departments = below
      ? withSubDepartments(await directory.departments(projectId), [mine])
      : new Set([mine]);
    return members.filter((m) => departments.has(m.department)).map((m) => m.userId);
  }

  async function scopeOf(user: User, projectId: string, scope: ScopeAccess): Promise<ScopeValue> {
    if (scope.role !== 'member') return 'all';
    return visibleScope(user, projectId, TOPICS_MODULE);
  }

  /** The list's condition for the caller's view scope; null: everything of the project. */
  async function visibility(
    user: User,
    projectId: string,
    scope: ScopeValue,
  ): Promise<RawBuilder<SqlBool> | null> {
    if (scope === 'all') return null;
    const related = [
      topicConditions.creatorIs(user._id),
      topicConditions.personFlag(projectId, user._id, ['mentioned', 'participant', 'following']),
    ];
    if (scope === 'ownDepartment' || scope === 'ownDepartmentAndBelow') {
      const creators = await departmentCreators(user, projectId, scope === 'ownDepartmentAndBelow');
      if (creators.length > 0) related.push(topicConditions.creatorIn(creators));
    }
    return topicConditions.any(related);
  }

  async function canSee(user: User, row: TopicRow, scope: ScopeValue, person: PersonRow | undefined) {
    if (scope === 'all' || row.creator_id === user._id) return true;
    if (person && (person.mentioned === 1 || person.participant === 1 || person.following === 1)) return true;
    if ((scope === 'ownDepartment' || scope === 'ownDepartmentAndBelow') && row.creator_id) {
      const creators = await departmentCreators(user, row.project_id, scope === 'ownDepartmentAndBelow');
      return creators.includes(row.creator_id);
    }
    return false;
  }

  /** 404 for a missing topic, a project the caller cannot see or a topic outside their view scope. */
  async function open(user: User, id: string): Promise<Opened> {
    const row = await repository.find(id);
    if (!row) throw new AppError(404, 'common.notFound');
    const scope = await access.requireScopeRole(user, project(row.project_id), need('view'));
    const person = await repository.person(id, user._id);
    const visible = await scopeOf(user, row.project_id, scope);
    if (!(await canSee(user, row, visible, person))) throw new AppError(404, 'common.notFound');
    return { row, scope, person };
  }

  async function abilitiesOf(user: User, opened: Opened): Promise<TopicAbilities> {
    const { row, scope, person } = opened;
    const creator = row.creator_id === user._id;
    const admin = scope.role === 'admin';
    const [edit, remove] = creator
      ? [true, true]
      : await Promise.all([
          authorize(user, row.project_id, TOPICS_MODULE, 'edit'),
          authorize(user, row.project_id, TOPICS_MODULE, 'delete'),
        ]);
    const involved = person !== undefined && (person.mentioned === 1 || person.participant === 1);
    const processing = row.status === 'processing';
    return {
      edit: processing && edit,
      delete: remove,
      close: creator || admin,
      respond: processing && (creator || involved || admin || edit),
    };
  }

  // ── references ──

  async function checkReferences(projectId: string, refs: References): Promise<void> {
    const people = [...(refs.mentions ?? []), ...(refs.participants ?? [])];
    if (people.length > 0) {
      const members = await directory.membersAmong(projectId, people);
      if (refs.mentions?.some((id) => !members.has(id))) {
        throw invalid(400, 'topics.mentionNotMember', 'mentions');
      }
      if (refs.participants?.some((id) => !members.has(id))) {
        throw invalid(400, 'topics.participantNotMember', 'participants');
      }
    }
    if (refs.domainId) {
      const domain = await directory.domain(refs.domainId);
      if (!domain || domain.projectId !== projectId) throw invalid(400, 'topics.domainNotFound', 'domainId');
    }
    for (const [kind, id, key, path] of [
      ['species', refs.speciesId, 'topics.speciesNotFound', 'speciesId'],
      ['subcontract', refs.subcontractId, 'topics.subcontractNotFound', 'subcontractId'],
    ] as const) {
      if (!id) continue;
      const setting = await repository.findSetting(id);
      if (!setting || setting.project_id !== projectId || setting.kind !== kind)
        throw invalid(400, key, path);
    }
    if (refs.images?.length) {
      const files = await directory.files(refs.images);
      if (files.length !== new Set(refs.images).size || files.some((f) => f.project_id !== projectId)) {
        throw invalid(400, 'topics.imageNotFound', 'images');
      }
      if (files.some((f) => !f.content_type.startsWith('image/'))) {
        throw invalid(400, 'topics.imageNotImage', 'images');
      }
    }
    const fileLinks = (refs.links ?? []).flatMap((link) => (link.type === 'file' ? [link.id] : []));
    if (fileLinks.length > 0) {
      const files = await directory.files(fileLinks);
      if (files.length !== new Set(fileLinks).size || files.some((f) => f.project_id !== projectId)) {
        throw invalid(400, 'topics.linkFileNotFound', 'links');
      }
    }
  }

  function linkRows(topicId: string, projectId: string, links: NonNullable<CreateBody['links']>) {
    return links.map((link, position) => ({
      topic_id: topicId,
      project_id: projectId,
      position,
      type: link.type,
      model_id: link.type === 'element' ? link.modelId : null,
      global_id: link.type === 'element' ? link.globalId : null,
      target_id: link.type === 'element' ? null : link.id,
      module: link.type === 'record' ? link.module : null,
    }));
  }

  /**
   * The people rows after a change of the mentioned and participants: flags set from the lists, a newly
   * mentioned person follows (as the creator and the first mentioned did), rows left with nothing go.
   */
  async function syncPeople(
    repo: TopicsRepository,
    row: Pick<TopicRow, 'id' | 'project_id'>,
    mentions: readonly string[],
    participants: readonly string[],
  ): Promise<void> {
    const existing = new Map((await repo.people(row.id)).map((p) => [p.user_id, p]));
    const mentioned = new Set(mentions);
    const participating = new Set(participants);
    const everyone = new Set([...existing.keys(), ...mentioned, ...participating]);
    const fresh: Insertable<TopicPeopleTable>[] = [];
    for (const userId of everyone) {
      const before = existing.get(userId);
      const flags: { mentioned: IntBool; participant: IntBool } = {
        mentioned: mentioned.has(userId) ? 1 : 0,
        participant: participating.has(userId) ? 1 : 0,
      };
      if (!before) {
        fresh.push({
          topic_id: row.id,
          user_id: userId,
          project_id: row.project_id,
          ...flags,
          following: flags.mentioned,
          is_read: 0,
          read_at: null,
        });
        continue;
      }
      if (before.mentioned === flags.mentioned && before.participant === flags.participant) continue;
      const following: IntBool = flags.mentioned === 1 && before.mentioned === 0 ? 1 : before.following;
      await repo.updatePerson(row.id, userId, { ...flags, following });
    }
    await repo.insertPeople(fresh);
    await repo.prunePeople(row.id);
  }

  async function markRead(repo: TopicsRepository, row: TopicRow, userId: string): Promise<void> {
    const at = now();
    await repo.upsertPerson(
      {
        topic_id: row.id,
        user_id: userId,
        project_id: row.project_id,
        mentioned: 0,
        participant: 0,
        following: 0,
        is_read: 1,
        read_at: at,
      },
      { is_read: 1, read_at: at },
    );
  }

  // ── answers ──

  async function expansionFor(projectId: string, rows: readonly TopicRow[]): Promise<Expansion> {
    const ids = rows.flatMap((row) => [
      ...(row.creator_id ? [row.creator_id] : []),
      ...userIds(row.mentions),
      ...userIds(row.participants),
    ]);
    const [users, domains, species, subcontracts] = await Promise.all([
      directory.users(ids),
      directory.domains(projectId),
      repository.settings(projectId, 'species'),
      repository.settings(projectId, 'subcontract'),
    ]);
    const settings = new Map<string, SettingRow>([...species, ...subcontracts].map((s) => [s.id, s]));
    return { users, domains, settings };
  }

  async function summaries(user: User, projectId: string, rows: TopicRow[], expand: boolean) {
    const [states, expansion] = await Promise.all([
      repository.myStates(
        user._id,
        rows.map((r) => r.id),
      ),
      expand ? expansionFor(projectId, rows) : Promise.resolve(null),
    ]);
    const at = clock.now();
    return rows.map((row) => presentSummary(row, states.get(row.id), at, expansion));
  }

  async function present(user: User, opened: Opened, expand: boolean): Promise<Topic> {
    const { row } = opened;
    const [people, links, images, abilities] = await Promise.all([
      repository.people(row.id),
      repository.links(row.id),
      directory.files(userIds(row.images)),
      abilitiesOf(user, opened),
    ]);
    const linkedFiles = await directory.files(
      links.flatMap((link) => (link.type === 'file' && link.target_id ? [link.target_id] : [])),
    );
    const files = new Map<string, FileRow>(linkedFiles.map((file) => [file.id, file]));
    const mine = people.find((p) => p.user_id === user._id);
    const expansion = expand ? await expansionFor(row.project_id, [row]) : null;
    const summary = presentSummary(
      row,
      mine ? { following: mine.following === 1, read: mine.is_read === 1 } : undefined,
      clock.now(),
      expansion,
    );
    return presentTopic(summary, row, {
      images,
      links: links.map((link) => presentLink(link, files)),
      followers: people.filter((p) => p.following === 1).map((p) => p.user_id),
      abilities,
    });
  }

  async function stateOf(user: User, id: string): Promise<TopicState> {
    const person = await repository.person(id, user._id);
    const read = person?.is_read === 1;
    return { _id: id, readByMe: read, unRead: !read, following: person?.following === 1 };
  }

  // ── list ──

  /** The list's whole condition: view scope, category, delay, unread, models and `where`. */
  async function listCondition(
    user: User,
    projectId: string,
    scope: ScopeValue,
    query: Pick<ListQuery, 'where' | 'category' | 'mine' | 'delay' | 'unRead' | 'modelIds'>,
  ): Promise<RawBuilder<SqlBool>> {
    const node = parseWhereQuery(query.where, TOPIC_FILTERS);
    const parts: RawBuilder<SqlBool>[] = [];
    const seen = await visibility(user, projectId, scope);
    if (seen) parts.push(seen);
    if (node) parts.push(compileWhere(node, TOPIC_FILTERS, engine));
    const category: TopicCategory = query.mine ? 'mine' : (query.category ?? 'all');
    if (category === 'mine') {
      parts.push(topicConditions.personFlag(projectId, user._id, ['mentioned', 'participant']));
    } else if (category === 'created') {
      parts.push(topicConditions.creatorIs(user._id));
    } else if (category === 'following') {
      parts.push(topicConditions.personFlag(projectId, user._id, ['following']));
    }
    if (query.delay) {
      const days = delayFilterDays(query.delay);
      const range = processingDeadlineRange(query.delay, utcDate(clock.now()));
      parts.push(topicConditions.delay({ ...range, minDays: days.min, maxDays: days.max }));
    }
    if (query.unRead) {
      parts.push(topicConditions.not(topicConditions.personFlag(projectId, user._id, ['is_read'])));
    }
    if (query.modelIds?.length) parts.push(topicConditions.linkedToModels(projectId, query.modelIds));
    return allOf(parts);
  }

  return {
    /** `body` as topicCreateSchema parsed it. */
    async create(user: User, body: CreateBody): Promise<Topic> {
      await access.requireScopeRole(user, project(body.projectId), need('create'));
      await checkReferences(body.projectId, body);
      const id = newId(clock.now().getTime());
      const at = now();
      const participants = (body.participants ?? []).filter((p) => !body.mentions.includes(p));
      const links = body.links ?? [];
      let number = 0;
      await db.transaction().execute(async (trx) => {
        const repo = createTopicsRepository(withTopicTables(trx));
        number = await repo.nextNumber(body.projectId);
        const topic: Insertable<TopicsTable> = {
          id,
          project_id: body.projectId,
          number,
          name: body.name,
          content: body.content ?? '',
          domain_id: body.domainId ?? null,
          species_id: body.speciesId ?? null,
          subcontract_id: body.subcontractId ?? null,
          creator_id: user._id,
          priority: body.priority ?? 'normal',
          status: 'processing',
          deadline: body.deadline ?? null,
          completed_at: null,
          completed_delay_days: 0,
          mentions: toJson(body.mentions),
          participants: toJson(participants),
          images: toJson([...new Set(body.images ?? [])]),
          link_count: links.length,
          response_count: 0,
          created_at: at,
          updated_at: at,
        };
        await repo.insertTopic(topic);
        // The creator has read it and follows it; the mentioned follow it too.
        await repo.insertPeople([
          {
            topic_id: id,
            user_id: user._id,
            project_id: body.projectId,
            mentioned: body.mentions.includes(user._id) ? 1 : 0,
            participant: participants.includes(user._id) ? 1 : 0,
            following: 1,
            is_read: 1,
            read_at: at,
          },
        ]);
        await syncPeople(repo, topic as TopicRow, body.mentions, participants);
        if (links.length > 0) await repo.replaceLinks(id, linkRows(id, body.projectId, links));
      });
      const title = `#${number} ${body.name}`;
      const link = topicLink(body.projectId, id);
      const others = [...body.mentions, ...participants].filter((p) => p !== user._id);
      await quietly('could not notify the people of a new topic', id, () =>
        notify(others, {
          module: 'topic',
          title,
          content: excerpt(body.content ?? '') || '新问题',
          link,
          projectId: body.projectId,
          recordId: id,
          senderId: user._id,
        }),
      );
      await quietly('could not add the to-dos of a new topic', id, () =>
        addTodo(body.mentions, {
          module: 'topic',
          recordId: id,
          title,
          content: excerpt(body.content ?? ''),
          link,
          projectId: body.projectId,
          senderId: user._id,
          dueDate: body.deadline ?? null,
        }),
      );
      return present(user, await open(user, id), false);
    },

    async list(user: User, projectId: string, query: ListQuery): Promise<TopicSummary[] | CountResult> {
      const scope = await access.requireScopeRole(user, project(projectId), need('view'));
      const where = await listCondition(user, projectId, await scopeOf(user, projectId, scope), query);
      if (query.only_count) return { count: await repository.count(projectId, where) };
      const order = parseOrder(query.order ?? DEFAULT_TOPIC_ORDER, ORDER, {
        column: ORDER.createdAt,
        direction: 'desc',
      });
      const ids = await repository.pageIds(projectId, where, order, query.skip, query.limit);
      return summaries(user, projectId, await repository.byIds(ids), query.expand === true);
    },

    /**
     * The export's rows, in the list's order, batch by batch: `null` when the caller lacks the export
     * right is never returned — that is a 403; more than `max` rows is a 400.
     */
    async exportRows(
      user: User,
      projectId: string,
      query: ListQuery,
      max: number,
    ): Promise<{ count: number; batches: () => AsyncGenerator<TopicSummary[]> }> {
      const scope = await access.requireScopeRole(user, project(projectId), need('view'));
      if (!(await authorize(user, projectId, TOPICS_MODULE, 'export'))) {
        throw new AppError(403, 'common.forbidden');
      }
      const where = await listCondition(user, projectId, await scopeOf(user, projectId, scope), query);
      const count = await repository.count(projectId, where);
      if (count > max) throw new AppError(400, 'topics.exportTooLarge', { params: { max } });
      const order = parseOrder(query.order ?? DEFAULT_TOPIC_ORDER, ORDER, {
        column: ORDER.createdAt,
        direction: 'desc',
      });
      const batch = 1000;
      return {
        count,
        async *batches() {
          for (let skip = 0; skip < count; skip += batch) {
            const ids = await repository.pageIds(projectId, where, order, skip, batch);
            if (ids.length === 0) return;
            yield await summaries(user, projectId, await repository.byIds(ids), true);
          }
        },
      };
    },

    /** GET topics/{id}: reading it marks it read for the caller (and their notifications about it). */
    async detail(user: User, id: string, expand: boolean): Promise<Topic> {
      const opened = await open(user, id);
      if (opened.person?.is_read !== 1 && opened.scope.role !== null) {
        await markRead(repository, opened.row, user._id);
        await quietly('could not mark the notifications of a topic read', id, () =>
          deps.readNotifications(user, id),
        );
      }
      // The caller's read flag is read afresh by present(); nothing else of `opened` changed.
      return present(user, opened, expand);
    },

    async update(user: User, id: string, body: UpdateBody): Promise<Topic> {
      const opened = await open(user, id);
      const { row, scope } = opened;
      const { status, ...fields } = body;
      const editing = Object.values(fields).some((value) => value !== undefined);
      const statusChange = status !== undefined && status !== row.status;
      const creator = row.creator_id === user._id;
      if (statusChange && !(creator || scope.role === 'admin')) throw new AppError(403, 'topics.notCloser');
      if (editing) {
        if (row.status === 'completed' && status !== 'processing')
          throw new AppError(409, 'topics.completed');
        if (!creator && !(await authorize(user, row.project_id, TOPICS_MODULE, 'edit'))) {
          throw new AppError(403, 'common.forbidden');
        }
      }
      if (!editing && !statusChange) return present(user, opened, false);
      await checkReferences(row.project_id, fields);

      const at = now();
      const beforeMentions = userIds(row.mentions);
      const mentions = fields.mentions ?? beforeMentions;
      const participants = (fields.participants ?? userIds(row.participants)).filter(
        (p) => !mentions.includes(p),
      );
      const changes: Partial<Insertable<TopicsTable>> = { updated_at: at };
      if (fields.name !== undefined) changes.name = fields.name;
      if (fields.content !== undefined) changes.content = fields.content;
      if (fields.domainId !== undefined) changes.domain_id = fields.domainId;
      if (fields.speciesId !== undefined) changes.species_id = fields.speciesId;
      if (fields.subcontractId !== undefined) changes.subcontract_id = fields.subcontractId;
      if (fields.images !== undefined) changes.images = toJson([...new Set(fields.images)]);
      if (fields.priority !== undefined) changes.priority = fields.priority;
      if (fields.deadline !== undefined) changes.deadline = fields.deadline;
      if (fields.links !== undefined) changes.link_count = fields.links.length;
      if (fields.mentions !== undefined || fields.participants !== undefined) {
        changes.mentions = toJson(mentions);
        changes.participants = toJson(participants);
      }
      const finalStatus = status ?? row.status;
      if (statusChange && status === 'completed') {
        changes.status = 'completed';
        changes.completed_at = at;
        changes.completed_delay_days = topicDelayDays(
          { status: 'processing', deadline: fields.deadline ?? row.deadline, completedAt: null },
          clock.now(),
        );
      } else if (statusChange && status === 'processing') {
        changes.status = 'processing';
        changes.completed_at = null;
        changes.completed_delay_days = 0;
      }
      await db.transaction().execute(async (trx) => {
        const repo = createTopicsRepository(withTopicTables(trx));
        await repo.updateTopic(id, changes);
        if (fields.mentions !== undefined || fields.participants !== undefined) {
          await syncPeople(repo, row, mentions, participants);
        }
        if (fields.links !== undefined)
          await repo.replaceLinks(id, linkRows(id, row.project_id, fields.links));
        await repo.markUnreadExcept(id, user._id);
        await markRead(repo, row, user._id);
      });

      const name = fields.name ?? row.name;
      const title = `#${row.number} ${name}`;
      const link = topicLink(row.project_id, id);
      const todo = {
        module: 'topic' as const,
        recordId: id,
        title,
        content: excerpt(fields.content ?? row.content),
        link,
        projectId: row.project_id,
        senderId: row.creator_id,
        dueDate: fields.deadline === undefined ? row.deadline : fields.deadline,
      };
      const people = await repository.people(id);
      const involved = people
        .filter((p) => p.mentioned === 1 || p.participant === 1 || p.following === 1)
        .map((p) => p.user_id);
      const everyone = [...new Set([...(row.creator_id ? [row.creator_id] : []), ...involved])].filter(
        (p) => p !== user._id,
      );
      const tell = (content: string, receivers: string[]) =>
        quietly('could not notify the people of a topic', id, () =>
          notify(receivers, {
            module: 'topic',
            title,
            content,
            link,
            projectId: row.project_id,
            recordId: id,
            senderId: user._id,
          }),
        );
      if (finalStatus === 'completed') {
        await quietly('could not close the to-dos of a topic', id, () =>
          closeTodo({ module: 'topic', recordId: id }),
        );
        if (statusChange) await tell('问题已完成', everyone);
      } else {
        const removed = beforeMentions.filter((p) => !mentions.includes(p));
        if (removed.length > 0) {
          await quietly('could not close the to-dos of a topic', id, () =>
            closeTodo({ module: 'topic', recordId: id, userIds: removed }),
          );
        }
        // Adding the same record again refreshes the open items (title, deadline) of those who have one.
        await quietly('could not add the to-dos of a topic', id, () => addTodo(mentions, todo));
        if (statusChange) await tell('问题已重新打开', everyone);
        const added = mentions.filter((p) => !beforeMentions.includes(p) && p !== user._id);
        if (added.length > 0) await tell(excerpt(fields.content ?? row.content) || '新问题', added);
      }
      return present(user, await open(user, id), false);
    },

    /** The creator, or a member with the delete right. Its to-dos close. */
    async remove(user: User, id: string): Promise<void> {
      const { row } = await open(user, id);
      const allowed =
        row.creator_id === user._id || (await authorize(user, row.project_id, TOPICS_MODULE, 'delete'));
      if (!allowed) throw new AppError(403, 'common.forbidden');
      if (!(await repository.deleteTopic(id))) throw new AppError(404, 'common.notFound');
      await quietly('could not close the to-dos of a deleted topic', id, () =>
        closeTodo({ module: 'topic', recordId: id }),
      );
    },

    async read(user: User, id: string): Promise<TopicState> {
      const { row } = await open(user, id);
      await markRead(repository, row, user._id);
      await quietly('could not mark the notifications of a topic read', id, () =>
        deps.readNotifications(user, id),
      );
      return stateOf(user, id);
    },

    async follow(user: User, id: string, following: boolean): Promise<TopicState> {
      const { row } = await open(user, id);
      if (following) {
        await repository.upsertPerson(
          {
            topic_id: id,
            user_id: user._id,
            project_id: row.project_id,
            mentioned: 0,
            participant: 0,
            following: 1,
            is_read: 0,
            read_at: null,
          },
          { following: 1 },
        );
      } else {
        await repository.updatePerson(id, user._id, { following: 0 });
        await repository.prunePeople(id);
      }
      return stateOf(user, id);
    },

    /** Topics linked to a model element (GlobalId), newest first, within the caller's view scope. */
    async ofEntity(
      user: User,
      projectId: string,
      globalId: string,
      modelId: string | null,
      expand: boolean,
    ): Promise<TopicSummary[]> {
      const scope = await access.requireScopeRole(user, project(projectId), need('view'));
      const seen = await visibility(user, projectId, await scopeOf(user, projectId, scope));
      const where = allOf([
        ...(seen ? [seen] : []),
        topicConditions.linkedToElement(projectId, globalId, modelId),
      ]);
      const ids = await repository.pageIds(
        projectId,
        where,
        { column: ORDER.createdAt, direction: 'desc' },
        0,
        ENTITY_TOPICS_MAX,
      );
      return summaries(user, projectId, await repository.byIds(ids), expand);
    },

    // ── responses ──

    async responses(
      user: User,
      id: string,
      query: { skip: number; limit: number; only_count?: boolean | undefined; expand?: boolean | undefined },
    ): Promise<TopicResponse[] | CountResult> {
      // Whoever may see the topic sees its whole thread.
      const { scope } = await open(user, id);
      if (query.only_count) return { count: await repository.countResponses(id) };
      const rows = await repository.responses(id, query.skip, query.limit);
      const images = await directory.files(rows.flatMap((r) => userIds(r.images)));
      const files = new Map(images.map((file) => [file.id, file]));
      const authors = query.expand
        ? await directory.users(rows.flatMap((r) => (r.author_id ? [r.author_id] : [])))
        : null;
      return rows.map((response) =>
        presentResponse(
          response,
          userIds(response.images).flatMap((fileId) => (files.has(fileId) ? [files.get(fileId)!] : [])),
          response.author_id === user._id || scope.role === 'admin',
          authors ? (response.author_id ? (authors.get(response.author_id) ?? null) : null) : undefined,
        ),
      );
    },

    async respond(user: User, id: string, body: ResponseBody): Promise<TopicResponse> {
      const opened = await open(user, id);
      const { row } = opened;
      if (row.status === 'completed') throw new AppError(409, 'topics.completed');
      if (!(await abilitiesOf(user, opened)).respond) throw new AppError(403, 'topics.notResponder');
      const images = [...new Set(body.images ?? [])];
      await checkReferences(row.project_id, { images });
      const responseId = newId(clock.now().getTime());
      const at = now();
      const content = body.content ?? '';
      await db.transaction().execute(async (trx) => {
        const repo = createTopicsRepository(withTopicTables(trx));
        await repo.insertResponse(
          {
            id: responseId,
            topic_id: id,
            project_id: row.project_id,
            author_id: user._id,
            content,
            images: toJson(images),
            created_at: at,
          },
          at,
        );
        await repo.markUnreadExcept(id, user._id);
        await markRead(repo, row, user._id);
      });
      const people = await repository.people(id);
      const receivers = [
        ...(row.creator_id ? [row.creator_id] : []),
        ...people
          .filter((p) => p.mentioned === 1 || p.participant === 1 || p.following === 1)
          .map((p) => p.user_id),
      ].filter((p) => p !== user._id);
      await quietly('could not notify the people of a topic response', id, () =>
        notify(receivers, {
          module: 'topic',
          title: `#${row.number} ${row.name}`,
          content: excerpt(content) || '[图片]',
          link: topicLink(row.project_id, id),
          projectId: row.project_id,
          recordId: id,
          senderId: user._id,
        }),
      );
      const saved = (await repository.findResponse(responseId))!;
      return presentResponse(saved, await directory.files(images), true, undefined);
    },

    /** Its author or a project admin. */
    async removeResponse(user: User, id: string, responseId: string): Promise<void> {
      const { scope } = await open(user, id);
      const response = await repository.findResponse(responseId);
      if (!response || response.topic_id !== id) throw new AppError(404, 'common.notFound');
      if (response.author_id !== user._id && scope.role !== 'admin')
        throw new AppError(403, 'common.forbidden');
      await db.transaction().execute(async (trx) => {
        if (!(await createTopicsRepository(withTopicTables(trx)).deleteResponse(responseId, id))) {
          throw new AppError(404, 'common.notFound');
        }
      });
    },
  };
}
export type TopicsService = ReturnType<typeof createTopicsService>;
