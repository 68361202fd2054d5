import type { User } from '@lintel/contracts/account';
import type { PermissionType, ScopeValue } from '@lintel/contracts/permissions';
import type {
  topicCreateSchema,
  topicResponseCreateSchema,
  topicsQuerySchema,
  topicUpdateSchema,
} from '@lintel/contracts/topics';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import { fromJson } from '../../db/json';
import type { Database } from '../../db/schema';
import type { FilterSpec } from '../../db/where';
import { AppError } from '../../plugins/app-error';
import type { ErrorKey } from '../../plugins/messages';
import type { FileReadCheck } from '../files/attachments';
import { bestEffort, type NotificationsModule, type Notify } from '../notifications/index';
import type { OrgAccess, ScopeAccess } from '../org/access';
import { createTopicDirectory } from './directory';
import { withTopicTables } from './tables';
import type { TopicAnswers } from './topics.answers';
import type { ReferenceCheck } from './topics.references';
import { createTopicsRepository, type PersonRow, type TopicRow } from './topics.repository';
import type { TopicVisibility } from './topics.visibility';

/** The module key of the permission templates (contracts MODULES). */
export const TOPICS_MODULE = 'problemTopics';
export const need = (permission: PermissionType) => ({ moduleKey: TOPICS_MODULE, permission }) as const;

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
export const ORDER = {
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
  number: 't.number',
  deadline: 't.deadline',
  name: 't.name',
} as const;

export type CreateBody = z.output<typeof topicCreateSchema>;
export type UpdateBody = z.output<typeof topicUpdateSchema>;
export type ListQuery = z.output<typeof topicsQuerySchema>;
export type ResponseBody = z.output<typeof topicResponseCreateSchema>;

/** At most this many topics answer for one model element. */
export const ENTITY_TOPICS_MAX = 200;
/** Notification texts cut to this many characters. */
const EXCERPT = 140;

/** The web page of one topic: where its notifications and to-dos lead. */
export function topicLink(projectId: string, id: string): string {
  return `/projects/${projectId}/topics/${id}`;
}

export function excerpt(text: string): string {
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
  /**
   * modules/models: element links must name a live model of the project (400 models.unknownModel) and an
   * element of it (400 models.elementNotFound). Handed over like permissions' assertDomainUnused, so topics
   * never reads the models tables.
   */
  assertElementLinks: ElementLinkCheck;
  /** modules/models: the project's viewport (a viewpoint) with its models; undefined when not the project's. */
  findViewport: ViewportFinder;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** modules/files: may the user read these files? Asked before they are attached (issue 14). */
  readableFiles?: FileReadCheck;
}

/** Checks a record's element links against the project's models (see TopicsServiceDeps). */
export type ElementLinkCheck = (
  projectId: string,
  refs: ReadonlyArray<{ modelId: string; globalId: string }>,
) => Promise<void>;

/** Finds a viewport of the project (see TopicsServiceDeps). */
export type ViewportFinder = (
  projectId: string,
  viewportId: string,
) => Promise<{ id: string; modelIds: string[] } | undefined>;

/** The topic as the caller may see it. */
export interface Opened {
  row: TopicRow;
  scope: ScopeAccess;
  person: PersonRow | undefined;
}

/** The references a create or an update names, checked against the project. */
export interface References {
  mentions?: string[] | undefined;
  participants?: string[] | undefined;
  domainId?: string | null | undefined;
  speciesId?: string | null | undefined;
  subcontractId?: string | null | undefined;
  images?: string[] | undefined;
  links?: CreateBody['links'];
  viewportId?: string | null | undefined;
}

export const invalid = (status: number, key: ErrorKey, path: string) =>
  new AppError(status, key, { details: [{ path, key }] });

/** What every part of the topics service works with: its dependencies, the repository and the directory. */
export function createTopicBase(deps: TopicsServiceDeps) {
  const { db, clock, log } = deps;
  return {
    ...deps,
    repository: createTopicsRepository(withTopicTables(db)),
    directory: createTopicDirectory(db),
    project: (id: string) => ({ type: 'project' as const, id }),
    now: () => clock.now().toISOString(),
    userIds: (text: string) => fromJson<string[]>(text, []),
    /** Best effort after the commit: a failure to notify never undoes the change. */
    quietly: bestEffort(log, 'topicId'),
  };
}
export type TopicBase = ReturnType<typeof createTopicBase>;

/** The base with the shared rules: who sees what, the references check and the answers. */
export type TopicContext = TopicBase & TopicVisibility & ReferenceCheck & TopicAnswers;
