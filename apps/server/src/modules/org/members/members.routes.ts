import { countSchema, idSchema, listQuerySchema } from '@lintel/contracts';
import {
  invitationApplySchema,
  invitationCreatedSchema,
  invitationInfoSchema,
  invitationSchema,
  invitationTokenSchema,
  isMembershipInvitation,
  memberAddResultSchema,
  memberCreateSchema,
  memberProjectsSchema,
  memberRequestHandleSchema,
  memberRequestSchema,
  memberRequestsQuerySchema,
  membershipInvitationSchema,
  membersQuerySchema,
  memberUpdateSchema,
  memberViewSchema,
  myMembershipInvitationSchema,
  ownMemberUpdateSchema,
  type ScopeType,
} from '@lintel/contracts/org';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../plugins/error-responses';
import { noQuerySchema } from '../../../plugins/route-schemas';
import { requireUser } from '../../../plugins/session';
import { auditRequest } from '../../audit/request';
import type { MembersService } from './members.service';
import type { RequestsService } from './requests.service';

const TAGS = ['members'];
const idParams = z.strictObject({ id: idSchema });
const tokenParams = z.strictObject({ token: invitationTokenSchema });
const done = z.strictObject({});
const pageQuery = z.strictObject({ skip: listQuerySchema.shape.skip, limit: listQuerySchema.shape.limit });

const SCOPES: ReadonlyArray<[ScopeType, string]> = [
  ['enterprise', 'enterprises'],
  ['circle', 'circles'],
  ['project', 'projects'],
];

/**
 * account-service: members of enterprises, circles and projects, invitations and member requests
 * (spec 000 §7, spec 001 §3/§5/§8). Thin: parse, call the service (which authorizes), answer.
 */
export const membersRoutes: FastifyPluginAsyncZod<{
  members: MembersService;
  requests: RequestsService;
}> = async (app, { members, requests }) => {
  app.addHook('onRequest', requireUser);

  for (const [type, path] of SCOPES) {
    app.get(
      `/${path}/:id/members`,
      {
        schema: {
          tags: TAGS,
          summary: `The members of a ${type} (its members and the admins of enclosing scopes)`,
          description:
            'expand=true embeds the user {_id, name, nickName, avatar, phoneNumber, email}; phoneNumber is ' +
            'empty for a member with phoneSecret unless you are that member or an admin of the scope. ' +
            'edit4D=true|false filters 4D editors. where: name, nickName, phoneNumber, email ($regex for a ' +
            'keyword), userId, role, vip, edit4D, phoneSecret, businessShielding, department, category, ' +
            'templateId. order: order (default), createdAt, name, nickName, role, _id.',
          params: idParams,
          querystring: membersQuerySchema,
          response: {
            200: z.union([z.array(memberViewSchema), countSchema]),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request) => members.list(request.user!, { type, id: request.params.id }, request.query),
    );

    app.post(
      `/${path}/:id/members`,
      {
        schema: {
          tags: TAGS,
          summary: `Add a member to a ${type} (admins): someone of the enterprise at once, anyone else invited`,
          description:
            'Exactly one of userId, name (the account) or phoneNumber (+countryCode). A user already in the ' +
            'enterprise (a member of it, its circles or projects; never the system administrator) is added ' +
            'and the member answered. Anyone else gets an invitation to accept (answered as {_id, status: ' +
            'pending, invitedAs, …}, the same whether or not the phone or account exists): they are no member ' +
            'until they accept. 409 org.memberExists, 409 org.invitationPending (invited the same way already), ' +
            '400 org.accountLimitReached (enterprise account capacity), ' +
            '404 org.templateNotFound / org.structureNotFound for a template or department not of the scope. ' +
            "Without templateId a project member gets the project's default template.",
          params: idParams,
          querystring: noQuerySchema,
          body: memberCreateSchema,
          response: { 200: memberAddResultSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const result = await members.add(request.user!, { type, id: request.params.id }, request.body);
        // A member added at once (an invitation is no membership until it is accepted).
        if (!isMembershipInvitation(result)) {
          await auditRequest(request, {
            action: 'member.added',
            enterpriseId: result.enterpriseId,
            projectId: result.scopeType === 'project' ? result.scopeId : null,
            targetType: 'member',
            targetId: result._id,
            detail: { userId: result.userId, scopeType: result.scopeType, templateId: result.templateId },
          });
        }
        return result;
      },
    );

    app.get(
      `/${path}/:id/membership-invitations`,
      {
        schema: {
          tags: TAGS,
          summary: `The pending invitations of a ${type} (admins), newest first: only what the inviter typed`,
          params: idParams,
          querystring: pageQuery,
          response: { 200: z.array(membershipInvitationSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        members.invitations.listForScope(request.user!, { type, id: request.params.id }, request.query),
    );
  }

  app.get(
    '/enterprises/:id/members/projects',
    {
      schema: {
        tags: TAGS,
        summary: "Per enterprise member (paged, in member order), the enterprise's projects they are in",
        params: idParams,
        querystring: pageQuery,
        response: { 200: z.array(memberProjectsSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => members.memberProjects(request.user!, request.params.id, request.query),
  );

  app.put(
    '/members/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Change a member (admins of the member's scope)",
        description:
          'department (a structure _id of the scope or ""), remark (≤ 150), templateId, vip, order, ' +
          'phoneSecret, businessShielding, category, edit4D (projects only: 400 org.edit4DProjectOnly). ' +
          'Roles change through PUT projects/{id} {admins}.',
        params: idParams,
        querystring: noQuerySchema,
        body: memberUpdateSchema,
        response: { 200: memberViewSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const member = await members.update(request.user!, request.params.id, request.body);
      if (request.body.templateId !== undefined) {
        await auditRequest(request, {
          action: 'member.templateChanged',
          enterpriseId: member.enterpriseId,
          projectId: member.scopeType === 'project' ? member.scopeId : null,
          targetType: 'member',
          targetId: member._id,
          detail: { userId: member.userId, templateId: member.templateId },
        });
      }
      return member;
    },
  );

  app.delete(
    '/members/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Remove a member (admins of the member's scope); effective on the member's next request",
        description:
          '400 org.adminCannotBeDeleted for an admin: remove them from the admins in project info first.',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await members.remove(request.user!, request.params.id);
      await auditRequest(request, {
        action: 'member.removed',
        targetType: 'member',
        targetId: request.params.id,
      });
      return {};
    },
  );

  // ── the caller's own project membership (any member; not the admin-only PUT/DELETE members/{id}) ──

  app.put(
    '/projects/:id/members/me',
    {
      schema: {
        tags: TAGS,
        summary: 'Change my own membership of a project: phoneSecret (hide my phone from other members)',
        description: '404 org.memberNotFound when the caller has no membership of the project itself.',
        params: idParams,
        querystring: noQuerySchema,
        body: ownMemberUpdateSchema,
        response: { 200: memberViewSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      members.updateOwn(request.user!, { type: 'project', id: request.params.id }, request.body),
  );

  app.delete(
    '/projects/:id/members/me',
    {
      schema: {
        tags: TAGS,
        summary: 'Leave a project (its members; not its admins)',
        description:
          '400 org.adminCannotLeave for an admin: remove them from the admins in project info first. ' +
          '404 org.memberNotFound when the caller has no membership of the project itself.',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await members.leave(request.user!, { type: 'project', id: request.params.id });
      return {};
    },
  );

  // ── invitations addressed to a person: the invitee answers, an admin of the scope may cancel ──

  app.get(
    '/membership-invitations',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's pending invitations to join an enterprise, circle or project, newest first",
        querystring: noQuerySchema,
        response: { 200: z.array(myMembershipInvitationSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => members.invitations.listMine(request.user!),
  );

  app.post(
    '/membership-invitations/:id/accept',
    {
      schema: {
        tags: TAGS,
        summary: 'Accept an invitation addressed to me: I become a member as the inviter chose',
        description:
          '404 org.invitationNotFound (not mine, or its scope is gone), 409 org.invitationHandled, ' +
          '400 org.accountLimitReached.',
        params: idParams,
        querystring: noQuerySchema,
        body: z.strictObject({}).nullish(),
        response: { 200: memberViewSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const member = await members.invitations.accept(request.user!, request.params.id);
      // The membership begins now, by the invitee's own consent: recorded as the add it completes.
      await auditRequest(request, {
        action: 'member.added',
        enterpriseId: member.enterpriseId,
        projectId: member.scopeType === 'project' ? member.scopeId : null,
        targetType: 'member',
        targetId: member._id,
        detail: {
          userId: member.userId,
          scopeType: member.scopeType,
          templateId: member.templateId,
          invitationId: request.params.id,
        },
      });
      return member;
    },
  );

  app.post(
    '/membership-invitations/:id/decline',
    {
      schema: {
        tags: TAGS,
        summary: 'Decline an invitation addressed to me',
        description: '404 org.invitationNotFound (not mine), 409 org.invitationHandled.',
        params: idParams,
        querystring: noQuerySchema,
        body: z.strictObject({}).nullish(),
        response: { 200: done, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      await members.invitations.decline(request.user!, request.params.id);
      return {};
    },
  );

  app.delete(
    '/membership-invitations/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Cancel a pending invitation (admins of its scope)',
        description: '409 org.invitationHandled when it was accepted, declined or cancelled already.',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await members.invitations.cancel(request.user!, request.params.id);
      return {};
    },
  );

  // ── invitations and member requests ──

  app.post(
    '/projects/:id/invitations',
    {
      schema: {
        tags: TAGS,
        summary: 'Create an invitation link to a project (admins); valid 7 days',
        description: 'The token is answered once (only its hash is stored); url is /e/member-invite?token=….',
        params: idParams,
        querystring: noQuerySchema,
        body: z.strictObject({}).nullish(),
        response: { 200: invitationCreatedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => requests.createInvitation(request.user!, { type: 'project', id: request.params.id }),
  );

  app.get(
    '/projects/:id/invitations',
    {
      schema: {
        tags: TAGS,
        summary: 'The open invitation links of a project (admins): inviter and times, newest first',
        description: 'Revoked and expired links are left out; the token itself is never answered again.',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: z.array(invitationSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => requests.listInvitations(request.user!, { type: 'project', id: request.params.id }),
  );

  app.delete(
    '/invitations/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Revoke an invitation link (admins of its scope); using it then answers 410 org.invitationRevoked',
        description:
          'Requests made through it before stay to be approved or rejected. Revoking twice is harmless.',
        params: idParams,
        querystring: noQuerySchema,
        response: { 200: done, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await requests.revokeInvitation(request.user!, request.params.id);
      return {};
    },
  );

  app.get(
    '/member-invitations/:token',
    {
      schema: {
        tags: TAGS,
        summary: 'Where an invitation leads and who sent it (signed in)',
        description:
          "404 org.invitationNotFound ('Failed to obtain invitation') when unknown or expired, " +
          '410 org.invitationRevoked when an administrator revoked it.',
        params: tokenParams,
        querystring: noQuerySchema,
        response: { 200: invitationInfoSchema, ...errorResponses(400, 401, 404, 410) },
      },
    },
    async (request) => requests.invitationInfo(request.user!, request.params.token),
  );

  app.post(
    '/member-invitations/:token/apply',
    {
      schema: {
        tags: TAGS,
        summary: 'Apply to join through an invitation: a pending request for the admins',
        description:
          '409 org.memberExists (already a member), 409 org.requestPending (a request waits already), ' +
          '404 org.invitationNotFound, 410 org.invitationRevoked.',
        params: tokenParams,
        querystring: noQuerySchema,
        body: invitationApplySchema,
        response: { 200: memberRequestSchema, ...errorResponses(400, 401, 404, 409, 410) },
      },
    },
    async (request) => requests.apply(request.user!, request.params.token, request.body?.remark),
  );

  app.get(
    '/projects/:id/member-requests',
    {
      schema: {
        tags: TAGS,
        summary: 'The member requests of a project (admins), newest first, with user, inviter and handler',
        params: idParams,
        querystring: memberRequestsQuerySchema,
        response: {
          200: z.union([z.array(memberRequestSchema), countSchema]),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      requests.list(request.user!, { type: 'project', id: request.params.id }, request.query),
  );

  app.put(
    '/member-requests/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Approve (adds the member with templateId or the default one) or reject a request (admins)',
        description: '409 org.requestHandled when it was handled already.',
        params: idParams,
        querystring: noQuerySchema,
        body: memberRequestHandleSchema,
        response: { 200: memberRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => requests.handle(request.user!, request.params.id, request.body),
  );
};
