import { idSchema } from '@lintel/contracts';
import {
  craftCreateSchema,
  craftSchema,
  craftUpdateSchema,
  dayOffCreateSchema,
  dayOffSchema,
  dayOffsQuerySchema,
  dayOffUpdateSchema,
  ruleCreateSchema,
  ruleSchema,
  ruleUpdateSchema,
  settingDeletedSchema,
  unitCreateSchema,
  unitSchema,
  unitUpdateSchema,
  violationItemCreateSchema,
  violationItemSchema,
  violationItemsQuerySchema,
  violationItemUpdateSchema,
  violationTypeCreateSchema,
  violationTypeSchema,
  violationTypeUpdateSchema,
} from '@lintel/contracts/personnel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../plugins/route-schemas';
import { requireUser } from '../../plugins/session';
import type { PersonnelSettings } from './settings.service';

const TAGS = ['personnel-settings'];
const idParams = z.strictObject({ id: idSchema });
const READ = errorResponses(400, 401, 403, 404);
const WRITE = errorResponses(400, 401, 403, 404, 409);

/**
 * The six settings collections of personnel-service (spec 001 §7): POST on the collection, GET by id,
 * GET projects/{id}/{collection}, PUT by id; delete is PUT units|crafts/{id}/delete and DELETE
 * rules|violationTypes|violationItems|dayOffs/{id}. Thin: parse, call the service (which authorizes), answer.
 */
export const personnelSettingsRoutes: FastifyPluginAsyncZod<{ settings: PersonnelSettings }> = async (
  app,
  { settings },
) => {
  app.addHook('onRequest', requireUser);

  // ── units ──
  app.post(
    '/units',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a unit (parentId: the unit above; none: top level). 409 personnel.nameTaken',
        querystring: noQuerySchema,
        body: unitCreateSchema,
        response: { 200: unitSchema, ...WRITE },
      },
    },
    async (request) => settings.createUnit(request.user!, request.body),
  );
  app.get(
    '/units/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One unit',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: unitSchema, ...READ },
      },
    },
    async (request) => settings.getUnit(request.user!, request.params.id),
  );
  app.get(
    '/projects/:id/units',
    {
      schema: {
        tags: TAGS,
        summary: "The project's units (a flat list; the tree is built from parentId)",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(unitSchema), ...READ },
      },
    },
    async (request) => settings.listUnits(request.user!, request.params.id),
  );
  app.put(
    '/units/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename or move a unit (not under itself or below). 409 personnel.nameTaken',
        params: idParams,
        querystring: noQuerySchema,
        body: unitUpdateSchema,
        response: { 200: unitSchema, ...WRITE },
      },
    },
    async (request) => settings.updateUnit(request.user!, request.params.id, request.body),
  );
  app.put(
    '/units/:id/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a unit and the units below it; all their staff exit today (spec 001 §4)',
        params: idParams,
        querystring: noQuerySchema,
        body: emptyBodySchema,
        response: { 200: settingDeletedSchema, ...READ },
      },
    },
    async (request) => settings.deleteUnit(request.user!, request.params.id),
  );

  // ── crafts ──
  app.post(
    '/crafts',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a craft (work type). 409 personnel.nameTaken',
        querystring: noQuerySchema,
        body: craftCreateSchema,
        response: { 200: craftSchema, ...WRITE },
      },
    },
    async (request) => settings.createCraft(request.user!, request.body),
  );
  app.get(
    '/crafts/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One craft',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: craftSchema, ...READ },
      },
    },
    async (request) => settings.getCraft(request.user!, request.params.id),
  );
  app.get(
    '/projects/:id/crafts',
    {
      schema: {
        tags: TAGS,
        summary: "The project's crafts",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(craftSchema), ...READ },
      },
    },
    async (request) => settings.listCrafts(request.user!, request.params.id),
  );
  app.put(
    '/crafts/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename a craft. 409 personnel.nameTaken',
        params: idParams,
        querystring: noQuerySchema,
        body: craftUpdateSchema,
        response: { 200: craftSchema, ...WRITE },
      },
    },
    async (request) => settings.updateCraft(request.user!, request.params.id, request.body.name),
  );
  app.put(
    '/crafts/:id/delete',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a craft; its staff keep their records without a craft',
        params: idParams,
        querystring: noQuerySchema,
        body: emptyBodySchema,
        response: { 200: settingDeletedSchema, ...READ },
      },
    },
    async (request) => settings.deleteCraft(request.user!, request.params.id),
  );

  // ── attendance rules ──
  app.post(
    '/rules',
    {
      schema: {
        tags: TAGS,
        summary: 'Add an attendance rule (isDefault takes the default flag). 409 personnel.nameTaken',
        querystring: noQuerySchema,
        body: ruleCreateSchema,
        response: { 200: ruleSchema, ...WRITE },
      },
    },
    async (request) => settings.createRule(request.user!, request.body),
  );
  app.get(
    '/rules/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One attendance rule',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: ruleSchema, ...READ },
      },
    },
    async (request) => settings.getRule(request.user!, request.params.id),
  );
  app.get(
    '/projects/:id/rules',
    {
      schema: {
        tags: TAGS,
        summary:
          "The project's attendance rules, the initial one first (made with the first call: 标准考勤, 8 h)",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(ruleSchema), ...READ },
      },
    },
    async (request) => settings.listRules(request.user!, request.params.id),
  );
  app.put(
    '/rules/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change an attendance rule. 400 personnel.defaultRuleRequired to unset the default',
        params: idParams,
        querystring: noQuerySchema,
        body: ruleUpdateSchema,
        response: { 200: ruleSchema, ...WRITE },
      },
    },
    async (request) => settings.updateRule(request.user!, request.params.id, request.body),
  );
  app.delete(
    '/rules/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Delete an attendance rule; its staff move to the default rule (not the default or initial: 409)',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: settingDeletedSchema, ...WRITE },
      },
    },
    async (request) => settings.deleteRule(request.user!, request.params.id),
  );

  // ── violation types ──
  app.post(
    '/violationTypes',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a violation type. 409 personnel.nameTaken',
        querystring: noQuerySchema,
        body: violationTypeCreateSchema,
        response: { 200: violationTypeSchema, ...WRITE },
      },
    },
    async (request) => settings.createViolationType(request.user!, request.body),
  );
  app.get(
    '/violationTypes/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One violation type',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: violationTypeSchema, ...READ },
      },
    },
    async (request) => settings.getViolationType(request.user!, request.params.id),
  );
  app.get(
    '/projects/:id/violationTypes',
    {
      schema: {
        tags: TAGS,
        summary: "The project's violation types",
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(violationTypeSchema), ...READ },
      },
    },
    async (request) => settings.listViolationTypes(request.user!, request.params.id),
  );
  app.put(
    '/violationTypes/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename a violation type. 409 personnel.nameTaken',
        params: idParams,
        querystring: noQuerySchema,
        body: violationTypeUpdateSchema,
        response: { 200: violationTypeSchema, ...WRITE },
      },
    },
    async (request) => settings.updateViolationType(request.user!, request.params.id, request.body.name),
  );
  app.delete(
    '/violationTypes/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a violation type and its items',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: settingDeletedSchema, ...READ },
      },
    },
    async (request) => settings.deleteViolationType(request.user!, request.params.id),
  );

  // ── violation items ──
  app.post(
    '/violationItems',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a violation item under a type (names unique within the type: 409 personnel.nameTaken)',
        querystring: noQuerySchema,
        body: violationItemCreateSchema,
        response: { 200: violationItemSchema, ...WRITE },
      },
    },
    async (request) => settings.createViolationItem(request.user!, request.body),
  );
  app.get(
    '/violationItems/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One violation item',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: violationItemSchema, ...READ },
      },
    },
    async (request) => settings.getViolationItem(request.user!, request.params.id),
  );
  app.get(
    '/projects/:id/violationItems',
    {
      schema: {
        tags: TAGS,
        summary: "The project's violation items (typeId: of one type)",
        params: idParams,
        querystring: violationItemsQuerySchema,
        response: { 200: z.array(violationItemSchema), ...READ },
      },
    },
    async (request) => settings.listViolationItems(request.user!, request.params.id, request.query.typeId),
  );
  app.put(
    '/violationItems/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Rename a violation item or move it to another type. 409 personnel.nameTaken',
        params: idParams,
        querystring: noQuerySchema,
        body: violationItemUpdateSchema,
        response: { 200: violationItemSchema, ...WRITE },
      },
    },
    async (request) => settings.updateViolationItem(request.user!, request.params.id, request.body),
  );
  app.delete(
    '/violationItems/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a violation item',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: settingDeletedSchema, ...READ },
      },
    },
    async (request) => settings.deleteViolationItem(request.user!, request.params.id),
  );

  // ── day-offs ──
  app.post(
    '/dayOffs',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a day-off (holiday or special date). 409 personnel.dayOffTaken for a repeated date',
        querystring: noQuerySchema,
        body: dayOffCreateSchema,
        response: { 200: dayOffSchema, ...WRITE },
      },
    },
    async (request) => settings.createDayOff(request.user!, request.body),
  );
  app.get(
    '/dayOffs/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One day-off',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: dayOffSchema, ...READ },
      },
    },
    async (request) => settings.getDayOff(request.user!, request.params.id),
  );
  app.get(
    '/projects/:id/dayOffs',
    {
      schema: {
        tags: TAGS,
        summary: "The project's day-offs by date (year=YYYY, or from/to)",
        params: idParams,
        querystring: dayOffsQuerySchema,
        response: { 200: z.array(dayOffSchema), ...READ },
      },
    },
    async (request) => settings.listDayOffs(request.user!, request.params.id, request.query),
  );
  app.put(
    '/dayOffs/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Change a day-off. 409 personnel.dayOffTaken',
        params: idParams,
        querystring: noQuerySchema,
        body: dayOffUpdateSchema,
        response: { 200: dayOffSchema, ...WRITE },
      },
    },
    async (request) => settings.updateDayOff(request.user!, request.params.id, request.body),
  );
  app.delete(
    '/dayOffs/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a day-off',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: settingDeletedSchema, ...READ },
      },
    },
    async (request) => settings.deleteDayOff(request.user!, request.params.id),
  );
};
