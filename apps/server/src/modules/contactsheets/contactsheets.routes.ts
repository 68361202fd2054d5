import { countSchema, idSchema } from '@lintel/contracts';
import {
  contactSheetCreateSchema,
  contactSheetFileName,
  contactSheetForwardSchema,
  contactSheetGetQuerySchema,
  contactSheetMaxNumberQuerySchema,
  contactSheetMaxNumberSchema,
  contactSheetPutQuerySchema,
  contactSheetReplyCreateSchema,
  contactSheetSchema,
  contactSheetSummarySchema,
  contactSheetsDeletedSchema,
  contactSheetsDeleteQuerySchema,
  contactSheetsQuerySchema,
  contactSheetUpdateSchema,
} from '@lintel/contracts/contactsheets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { emptyBodySchema, noQuerySchema } from '../../plugins/route-schemas';
import { sameSiteOnly } from '../../plugins/same-site';
import { requireUser } from '../../plugins/session';
import { auditRequest } from '../audit/request';
import { contentDisposition } from '../files/http';
import type { ContactSheetsService } from './contactsheets.service';
import { renderContactSheetPdf } from './pdf';

const TAGS = ['contact sheets'];
const idParams = z.strictObject({ id: idSchema });
const pdfSchema = z.unknown().describe('The sheet as a PDF (application/pdf)');

/**
 * worksheet-service (spec 000 §7). Thin: parse, call the service (which authorizes), answer. Beyond the
 * specification's list: replies (`POST contactsheets/{id}/replies`) and forwarding
 * (`POST contactsheets/{id}/forward`), which the circulation record of spec 001 §3 implies.
 */
export const contactSheetsRoutes: FastifyPluginAsyncZod<{ contactSheets: ContactSheetsService }> = async (
  app,
  { contactSheets },
) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/projects/:id/contactsheets',
    {
      schema: {
        tags: TAGS,
        summary: 'The contact sheets of a project the caller may see',
        description:
          'visible: received | sent | all (default: what they sent or are on, and every sent sheet for ' +
          'view scope all). type: the kind. unRead=true: only their unread. where: name/title, number, ' +
          'numberSeq, senderId, type, status, createdAt, sentAt, replyNeeded, replied. order: sentAt ' +
          '(default -sentAt), createdAt, updatedAt, number, title. only_count=true answers {count}.',
        params: idParams,
        querystring: contactSheetsQuerySchema,
        response: {
          200: z.union([z.array(contactSheetSummarySchema), countSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => contactSheets.list(request.user!, request.params.id, request.query),
  );

  app.get(
    '/projects/:id/contactsheets/max-number',
    {
      schema: {
        tags: TAGS,
        summary: 'The last number used for a kind in the project, and the next one',
        params: idParams,
        querystring: contactSheetMaxNumberQuerySchema,
        response: { 200: contactSheetMaxNumberSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => contactSheets.maxNumber(request.user!, request.params.id, request.query.type),
  );

  app.post(
    '/contactsheets',
    {
      schema: {
        tags: TAGS,
        summary: 'Send a contact sheet (create right); it is numbered at once',
        description:
          'Minimal: {projectId, name, content, receivers: [userId, …], cc: [userId, …]} (title = name). ' +
          'Receivers and cc: members of the project, disjoint, not the sender. They are notified; ' +
          'receivers get a to-do until they read it (or reply, when a reply is needed).',
        querystring: noQuerySchema,
        body: contactSheetCreateSchema,
        response: { 200: contactSheetSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => contactSheets.create(request.user!, request.body),
  );

  app.get(
    '/contactsheets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One contact sheet; download=true / preview=true answer its PDF',
        description:
          'download=true: the PDF as an attachment named "<number> <title>.pdf" (export right); ' +
          'preview=true: the same PDF inline. Labels in the request language. A deleted sheet answers ' +
          '404 contactsheets.deleted; a recalled one answers its receivers 404 contactsheets.recalled.',
        params: idParams,
        querystring: contactSheetGetQuerySchema,
        response: { 200: z.union([contactSheetSchema, pdfSchema]), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { download, preview } = request.query;
      if (!download && !preview) return contactSheets.detail(request.user!, request.params.id);
      const { sheet, projectName } = await contactSheets.printable(
        request.user!,
        request.params.id,
        download === true,
      );
      const pdf = await renderContactSheetPdf(sheet, projectName, request.language);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          contentDisposition(
            download ? 'attachment' : 'inline',
            contactSheetFileName(sheet.number, sheet.title),
          ),
        )
        .send(pdf);
    },
  );

  app.put(
    '/contactsheets/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a contact sheet, mark it read, or send a recalled one again',
        description:
          'read=true: the caller (a receiver or cc) has read it; the body is ignored. resend=true: the ' +
          "sender sends a recalled sheet again, with the body's edits; it keeps its number. Otherwise the " +
          'body edits it: the sender, while no one has read it (409 contactsheets.notEditable) or while ' +
          'it is recalled.',
        params: idParams,
        querystring: contactSheetPutQuerySchema,
        body: contactSheetUpdateSchema.nullish(),
        response: { 200: contactSheetSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = request.user!;
      const { id } = request.params;
      if (request.query.read) return contactSheets.setRead(user, id);
      if (request.query.resend) return contactSheets.resend(user, id, request.body ?? {});
      return contactSheets.edit(user, id, request.body ?? {});
    },
  );

  app.post(
    '/contactsheets/:id/replies',
    {
      schema: {
        tags: TAGS,
        summary: 'Reply to a contact sheet (its receivers)',
        description: "Closes the replier's to-do and tells the sender.",
        params: idParams,
        querystring: noQuerySchema,
        body: contactSheetReplyCreateSchema,
        response: { 200: contactSheetSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => contactSheets.reply(request.user!, request.params.id, request.body),
  );

  app.post(
    '/contactsheets/:id/forward',
    {
      schema: {
        tags: TAGS,
        summary: 'Forward a contact sheet to more members (its sender or a receiver)',
        description:
          'New receivers get a to-do like the first ones, new cc a notification; the circulation record ' +
          'keeps who forwarded to whom, with the remark.',
        params: idParams,
        querystring: noQuerySchema,
        body: contactSheetForwardSchema,
        response: { 200: contactSheetSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => contactSheets.forward(request.user!, request.params.id, request.body),
  );

  const recallSchema = {
    tags: TAGS,
    params: idParams,
    querystring: noQuerySchema,
    response: { 200: contactSheetSchema, ...errorResponses(400, 401, 403, 404, 409) },
  };
  const recallErrors =
    '409 contactsheets.recallAfterReply after a reply, 409 contactsheets.alreadyRecalled the second ' +
    "time. The receivers' to-dos close; the sender may edit it and send it again (PUT ?resend=true).";

  app.post(
    '/recall/contactsheets/:id',
    {
      schema: {
        ...recallSchema,
        summary:
          'Recall a contact sheet (its sender), refused once a receiver replied; what the web app calls',
        description: recallErrors,
        body: emptyBodySchema,
      },
    },
    async (request) => contactSheets.recall(request.user!, request.params.id),
  );

  app.get(
    '/recall/contactsheets/:id',
    {
      // The specification's path: a GET that changes state, so only from our own pages (issue 14).
      onRequest: sameSiteOnly,
      schema: {
        ...recallSchema,
        summary: "Recall a contact sheet (the specification's GET form): refused from another site, use POST",
        description: `${recallErrors} 403 common.foreignOrigin when Sec-Fetch-Site, Origin or Referer name another site.`,
      },
    },
    async (request) => contactSheets.recall(request.user!, request.params.id),
  );

  app.delete(
    '/contactsheets',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete contact sheets: ids=a,b (all or nothing) or prjId= (all the caller may delete)',
        description:
          "ids: each must be the caller's own or in a project where they have the delete right, else " +
          '403 contactsheets.notDeletable and nothing is deleted. prjId: every sheet of the project with ' +
          'the delete right (admins), otherwise the ones the caller sent. Numbers stay used.',
        querystring: contactSheetsDeleteQuerySchema,
        response: { 200: contactSheetsDeletedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { ids, prjId } = request.query;
      const answer = ids
        ? await contactSheets.removeMany(request.user!, ids)
        : await contactSheets.removeProject(request.user!, prjId as string);
      await auditRequest(request, {
        action: 'contactSheet.deleted',
        projectId: prjId ?? null,
        targetType: 'contactSheet',
        targetId: ids && ids.length === 1 ? (ids[0] ?? null) : null,
        detail: { ids: ids ? ids.join(',').slice(0, 500) : null, count: answer.count },
      });
      return answer;
    },
  );
};
