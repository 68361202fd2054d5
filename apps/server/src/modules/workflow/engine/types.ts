import type { NotificationModule } from '@lintel/contracts/notifications';
import type { FormValues, WorkflowApprover, WorkflowInstance } from '@lintel/contracts/workflow';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import type { ErrorKey } from '../../../plugins/messages';
import type { NotificationsModule } from '../../notifications/index';

/** The engine's public types: what a module that owns records passes in and gets back (index.ts exports). */

export interface WorkflowSubject {
  /** The owning module, as the notifications know it (to-dos are filed under it). */
  module: NotificationModule;
  /** The module's record (a form); one instance per record. */
  id: string;
  title: string;
  /** The record's page in the web app, for to-dos and notifications. */
  link?: string;
}

export interface StartInput {
  projectId: string;
  templateId: string;
  subject: WorkflowSubject;
  initiator: string;
  values: FormValues;
  /** Node id → the people the initiator picked for its `initiatorPicks` source. */
  pickedApprovers?: Record<string, string[]>;
}

/** Someone else acted first (or the instance is not where the actor saw it): 409 with the current state. */
export class WorkflowRefusal extends AppError {
  constructor(
    status: number,
    key: ErrorKey,
    readonly extra: Record<string, unknown>,
    params: Record<string, string | number> = {},
  ) {
    super(status, key, { params });
  }
}

export type WorkflowApproverView = WorkflowApprover;
export type WorkflowInstanceView = WorkflowInstance;

/** The subject as the effects carry it: enough to file a to-do or a notification without reading again. */
export interface WorkflowSubjectRef {
  module: NotificationModule;
  id: string;
  title: string;
  projectId: string;
  link: string;
}

/** The `workflowEvent` notification template's events. */
export type WorkflowNotifyEvent = 'ccPassed' | 'urged' | 'completed' | 'closed';

/** What to tell people once the caller's transaction has committed. */
export type WorkflowEffect =
  /** content: the node's name (the designer's words; to-dos have no templates). */
  | { kind: 'todo'; userIds: string[]; subject: WorkflowSubjectRef; content: string; dueAt: string | null }
  | { kind: 'closeTodo'; userIds?: string[]; subject: WorkflowSubjectRef }
  | {
      kind: 'notify';
      userIds: string[];
      subject: WorkflowSubjectRef;
      /** The notifications' `workflowEvent` template, in the reader's language. */
      event: WorkflowNotifyEvent;
      nodeName: string;
      senderId: string | null;
    };

export interface WorkflowResult {
  instance: WorkflowInstanceView;
  effects: WorkflowEffect[];
}

/** The people of a project as approver sources resolve them. */
export interface ProjectPeople {
  members: Array<{ userId: string; department: string; templateId: string | null }>;
  departments: Array<{ id: string; parentId: string | null }>;
}

/** Reads a project's people inside the caller's transaction. */
export type PeopleSource = (trx: Kysely<Database>, projectId: string) => Promise<ProjectPeople>;

export interface WorkflowEngineDeps {
  db: Kysely<Database>;
  clock: Clock;
  notifications: Pick<NotificationsModule, 'notify' | 'addTodo' | 'closeTodo'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Members, departments and permission-template holders (org's repositories, read in the transaction). */
  people?: PeopleSource;
}
