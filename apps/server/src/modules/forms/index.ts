import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Engine } from '../../db/engine';
import type { Database } from '../../db/schema';
import { createDirectory } from '../directory/index';
import type { NotificationsModule } from '../notifications/index';
import type { OrgAccess } from '../org/access';
import type { WorkflowEngine, WorkflowModule } from '../workflow/index';
import { createFormTemplatesService } from './form-templates.service';
import { formsRoutes } from './forms.routes';
import { createFormsService } from './forms.service';

/** form-service: form templates and forms on the approval engine (issue 18, DESIGN.md §2b). */
export const FORMS_PREFIX = '/api/v1/form-service';

export interface FormsDeps {
  db: Kysely<Database>;
  engine: Engine;
  clock: Clock;
  access: OrgAccess;
  /** workflow-service's templates (read with the caller's rights) and the one approval engine. */
  workflow: WorkflowModule['workflow'];
  workflowEngine: WorkflowEngine;
  notifications: Pick<NotificationsModule, 'closeTodo'>;
}

export function createFormsModule({
  db,
  engine,
  clock,
  access,
  workflow,
  workflowEngine,
  notifications,
}: FormsDeps) {
  const directory = createDirectory(db);
  const ports = {
    workflowTemplate: workflow.getTemplate,
    membersAmong: (projectId: string, userIds: readonly string[]) =>
      directory.membersAmong(projectId, userIds),
  };
  return {
    templates: createFormTemplatesService({ db, engine, clock, access, ports }),
    forms: createFormsService({ db, engine, clock, access, ports, workflowEngine, notifications }),
  };
}
export type FormsModule = ReturnType<typeof createFormsModule>;

export const formsPlugin: FastifyPluginAsyncZod<{ module: FormsModule }> = async (app, { module }) => {
  await app.register(formsRoutes, module);
};
