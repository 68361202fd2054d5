import { countSchema, idSchema, listQuerySchema } from '@lintel/contracts';
import { settingKeySchema, settingValueSchema } from '@lintel/contracts/account';
import {
  enterpriseSchema,
  type OPTION_LABELS,
  optionItemSchema,
  optionItems,
  PROJECT_SCOPE_LISTS,
  PROJECT_TYPES,
  trialPlanBodySchema,
  trialPlanResultSchema,
} from '@lintel/contracts/org';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireSystemAdmin, requireUser } from '../../plugins/session';
import { ownAccount } from '../account/access';
import type { OrgService } from './org.service';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const TAGS = ['org'];
const settingParams = z.strictObject({ id: idSchema, key: settingKeySchema });
const settingSchema = z.object({ value: z.unknown() });

const PROJECT_SCOPES = Object.fromEntries(
  Object.entries(PROJECT_SCOPE_LISTS).map(([list, keys]) => [
    list,
    optionItems(list as keyof typeof OPTION_LABELS, keys as never),
  ]),
);
const PROJECT_TYPE_ITEMS = optionItems('types', PROJECT_TYPES);

/** Project settings, the trial plan, the option lists and the administrators' enterprise list. */
export const orgExtraRoutes: FastifyPluginAsyncZod<{ org: OrgService }> = async (app, { org }) => {
  app.get(
    '/projects_types',
    {
      onRequest: requireUser,
      schema: {
        tags: TAGS,
        summary: 'The project types (key, name, nameEn)',
        querystring: noQuerySchema,
        response: { 200: z.array(optionItemSchema), ...errorResponses(401) },
      },
    },
    async () => PROJECT_TYPE_ITEMS,
  );

  app.get(
    '/projects_scopes',
    {
      onRequest: requireUser,
      schema: {
        tags: TAGS,
        summary:
          'The option lists of the project information by name: statuses, levels, classifications, ' +
          'investmentBodies, contractingModes, constructionTechnologies, works, amountUnits, areaUnits',
        querystring: noQuerySchema,
        response: { 200: z.record(z.string(), z.array(optionItemSchema)), ...errorResponses(401) },
      },
    },
    async () => PROJECT_SCOPES,
  );

  app.get(
    '/projects/:id/settings/:key',
    {
      onRequest: requireUser,
      schema: {
        tags: TAGS,
        summary: 'A project setting (members; value null when never set)',
        params: settingParams,
        querystring: noQuerySchema,
        response: { 200: settingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => org.getSetting(request.user!, request.params.id, request.params.key),
  );

  app.put(
    '/projects/:id/settings/:key',
    {
      onRequest: requireUser,
      schema: {
        tags: TAGS,
        summary: 'Store a project setting (project admins): any JSON value up to 16 KB',
        params: settingParams,
        querystring: noQuerySchema,
        body: settingValueSchema,
        response: { 200: settingSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) =>
      org.putSetting(request.user!, request.params.id, request.params.key, request.body.value),
  );

  app.post(
    '/users/:id/trialPlan',
    {
      schema: {
        tags: TAGS,
        summary: 'Create your trial enterprise and (unless project is false) a trial project in it',
        description: 'Once per account: 409 org.trialExists the second time.',
        params: z.strictObject({ id: idSchema }),
        querystring: noQuerySchema,
        body: trialPlanBodySchema,
        response: { 200: trialPlanResultSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const user = ownAccount(request, request.params.id);
      return org.createTrialPlan(user, request.body);
    },
  );

  app.get(
    '/admin/enterprises',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: TAGS,
        summary: 'Every enterprise (system administrators); isTrial=false for the paying ones',
        querystring: z.strictObject({ ...listQuerySchema.shape, isTrial: flag.optional() }),
        response: {
          200: z.union([z.array(enterpriseSchema), countSchema]),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { isTrial, ...query } = request.query;
      return org.adminListEnterprises(query, isTrial);
    },
  );
};
