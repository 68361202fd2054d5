import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import type { Database } from '../../db/schema';
import { createDirectory } from '../directory/index';
import type { OrgAccess } from '../org/access';
import { createPermissionsRepository } from '../permissions/permissions.repository';
import { workflowRoutes } from './workflow.routes';
import { type ApproverDirectory, createWorkflowService } from './workflow.service';

/** workflow-service: the one approval engine of the workbench (DESIGN.md §2b); templates in this slice. */
export const WORKFLOW_PREFIX = '/api/v1/workflow-service';

export interface WorkflowDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  /** Rights: project administrators manage, members read (org's requireScopeRole). */
  access: OrgAccess;
}

/**
 * Approver sources are checked against the project's members and departments (org, through the directory)
 * and its permission templates (the permissions module's repository): read-only.
 */
function approverDirectory(db: Kysely<Database>): ApproverDirectory {
  const directory = createDirectory(db);
  const permissions = createPermissionsRepository(db);
  return {
    membersAmong: (projectId, userIds) => directory.membersAmong(projectId, userIds),
    async departmentIds(projectId) {
      return new Set((await directory.departments(projectId)).map((department) => department.id));
    },
    async permissionTemplateIds(projectId) {
      return new Set((await permissions.listTemplates(projectId)).map((template) => template.id));
    },
  };
}

export function createWorkflowModule({ db, engine, clock, access }: WorkflowDeps) {
  return { workflow: createWorkflowService({ db, engine, clock, access, directory: approverDirectory(db) }) };
}
export type WorkflowModule = ReturnType<typeof createWorkflowModule>;

export const workflowPlugin: FastifyPluginAsyncZod<{ module: WorkflowModule }> = async (app, { module }) => {
  await app.register(workflowRoutes, { workflow: module.workflow });
};

// The engine (issue 18, second slice): modules that own records (forms, later tasks and reviews) create it
// with the notifications module's producers and call it inside their own transactions.
export {
  createWorkflowEngine,
  type StartInput,
  type WorkflowEffect,
  type WorkflowEngine,
  type WorkflowEngineDeps,
  WorkflowRefusal,
  type WorkflowResult,
  type WorkflowSubject,
} from './engine/engine';
