import { z } from 'zod';
import { countryCodeFieldSchema, phoneNumberFieldSchema, remarkSchema } from '../account/schemas';
import { idSchema } from '../common/ids';
import { listQuerySchema } from '../common/paging';
import { memberSchema, scopeTypeSchema } from './schemas';

// ── limits ───────────────────────────────────────────────────────────────────────────────────────────────

/** An invitation link stays valid this long (spec 001 §8 'Failed to obtain invitation' after that). */
export const INVITATION_TTL_DAYS = 7;
/** The web page that accepts an invitation; the token goes in its query. */
export const MEMBER_INVITE_PATH = '/e/member-invite';
export const MEMBER_CATEGORY_MAX_LENGTH = 64;

const queryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

// ── members ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The user of a member as `expand=true` embeds it. `phoneNumber` is '' when the member keeps the phone
 * secret (phoneSecret) and the caller is neither that member nor an admin of the scope.
 */
export const memberUserSchema = z.object({
  _id: idSchema,
  name: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  phoneNumber: z.string(),
  email: z.string(),
});
export type MemberUser = z.infer<typeof memberUserSchema>;

/** A member as the members calls answer it: the record, and with `expand=true` its user. */
export const memberViewSchema = memberSchema.extend({ user: memberUserSchema.optional() });
export type MemberView = z.infer<typeof memberViewSchema>;

/** A member's department: a structure `_id` of the member's scope, or '' for none. */
export const memberDepartmentSchema = z.union([idSchema, z.literal('')]);

const memberEditable = {
  department: memberDepartmentSchema,
  /** At most 150 characters (spec 001 §9). */
  remark: remarkSchema,
  vip: z.boolean(),
  category: z.string().trim().max(MEMBER_CATEGORY_MAX_LENGTH),
  /** A permission template of the project; null: the project's default one. */
  templateId: idSchema.nullable(),
};

/**
 * POST {enterprises,circles,projects}/{id}/members: who (exactly one of `userId`, `name` — the account — or
 * `phoneNumber` with an optional `countryCode`) and the member fields. Without `templateId` a project
 * member gets the project's default template.
 */
export const memberCreateSchema = z
  .strictObject({
    userId: idSchema.optional(),
    name: z.string().trim().min(1).max(64).optional(),
    phoneNumber: phoneNumberFieldSchema.optional(),
    countryCode: countryCodeFieldSchema,
    ...z.object(memberEditable).partial().shape,
  })
  .superRefine((value, ctx) => {
    const given = [value.userId, value.name, value.phoneNumber].filter((v) => v !== undefined).length;
    if (given !== 1) {
      ctx.addIssue({ code: 'custom', message: 'validation.invalidFormat', path: ['userId'] });
    }
  });
export type MemberCreate = z.input<typeof memberCreateSchema>;

/** PUT members/{id} (admins of the member's scope). Roles change through project info (`admins`). */
export const memberUpdateSchema = z
  .strictObject({
    ...memberEditable,
    order: z.number().int().min(0).max(1_000_000),
    /** Hide the phone from the other members. */
    phoneSecret: z.boolean(),
    businessShielding: z.boolean(),
    /** A 4D editor (projects only). */
    edit4D: z.boolean(),
  })
  .partial();
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/**
 * GET {enterprises,circles,projects}/{id}/members: the list query plus the `edit4D` filter. `where` fields:
 * name, nickName, phoneNumber, email (the user's, `$regex` for a keyword search), userId, role, vip,
 * edit4D, department, category, templateId, phoneSecret, businessShielding; `order`: order, createdAt,
 * name, nickName, role.
 */
export const membersQuerySchema = listQuerySchema.extend({ edit4D: queryFlag.optional() }).strict();

/** GET enterprises/{id}/members/projects: per enterprise member, the enterprise's projects they are in. */
export const memberProjectsSchema = z.object({
  /** The enterprise membership. */
  _id: idSchema,
  userId: idSchema,
  projects: z.array(
    z.object({ _id: idSchema, name: z.string(), role: z.enum(['admin', 'member']), memberId: idSchema }),
  ),
});
export type MemberProjects = z.infer<typeof memberProjectsSchema>;

// ── member requests and invitations ──────────────────────────────────────────────────────────────────────

/** spec 001 §4: not yet approved, passed, rejected. A handled request cannot be handled again. */
export const MEMBER_REQUEST_STATUSES = ['pending', 'passed', 'rejected'] as const;
export type MemberRequestStatus = (typeof MEMBER_REQUEST_STATUSES)[number];

export const personRefSchema = z.object({ _id: idSchema, name: z.string(), nickName: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/** A member request (spec 001 §3): account, name, phone (user), inviter, times, status, handler, remarks. */
export const memberRequestSchema = z.object({
  _id: idSchema,
  scopeType: scopeTypeSchema,
  scopeId: idSchema,
  userId: idSchema,
  inviterId: idSchema.nullable(),
  status: z.enum(MEMBER_REQUEST_STATUSES),
  applyRemark: z.string(),
  approvalRemark: z.string(),
  handlerId: idSchema.nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
  /** The applicant (account, name, phone). */
  user: memberUserSchema.optional(),
  inviter: personRefSchema.nullable().optional(),
  handler: personRefSchema.nullable().optional(),
});
export type MemberRequest = z.infer<typeof memberRequestSchema>;

/** GET projects/{id}/member-requests: status filter, paging, only_count; newest first. */
export const memberRequestsQuerySchema = z.strictObject({
  status: z.enum(MEMBER_REQUEST_STATUSES).optional(),
  skip: listQuerySchema.shape.skip,
  limit: listQuerySchema.shape.limit,
  only_count: listQuerySchema.shape.only_count,
});

/** PUT member-requests/{id}: approve (adds the member, with a template) or reject, with a remark. */
export const memberRequestHandleSchema = z.strictObject({
  action: z.enum(['approve', 'reject']),
  remark: remarkSchema.optional(),
  templateId: idSchema.nullable().optional(),
});
export type MemberRequestHandle = z.infer<typeof memberRequestHandleSchema>;

/** POST projects/{id}/invitations answers the link once; only its hash is stored. */
export const invitationCreatedSchema = z.object({
  _id: idSchema,
  token: z.string(),
  /** `/e/member-invite?token=…` (relative to the web origin). */
  url: z.string(),
  expiresAt: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreatedSchema>;

/** An invitation token: base64url of 32 random bytes. */
export const invitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/** GET member-invitations/{token}: where it leads and who invited. */
export const invitationInfoSchema = z.object({
  _id: idSchema,
  scopeType: scopeTypeSchema,
  scopeId: idSchema,
  scopeName: z.string(),
  inviter: personRefSchema.nullable(),
  expiresAt: z.string(),
  /** The caller is a member already (the page then says 'This member already existed'). */
  isMember: z.boolean(),
  /** The caller has a pending request there already. */
  pending: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfoSchema>;

/** POST member-invitations/{token}/apply. */
export const invitationApplySchema = z.strictObject({ remark: remarkSchema.optional() }).nullish();
export type InvitationApply = z.infer<typeof invitationApplySchema>;

export function memberInviteUrl(token: string): string {
  return `${MEMBER_INVITE_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * GET projects/{id}/invitations (admins): the open links — neither revoked nor expired — with who made them
 * and when. The token is never answered again (only its hash is kept).
 */
export const invitationSchema = z.object({
  _id: idSchema,
  scopeType: scopeTypeSchema,
  scopeId: idSchema,
  inviter: personRefSchema.nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** PUT projects/{id}/members/me: what a member may change of their own membership. */
export const ownMemberUpdateSchema = z.strictObject({
  /** Hide my phone from the other members (admins of the scope still see it). */
  phoneSecret: z.boolean(),
});
export type OwnMemberUpdate = z.infer<typeof ownMemberUpdateSchema>;

// ── invitations addressed to a person (issue 14: membership needs the person's consent) ──────────────────

/**
 * An administrator adding someone who is not yet in the enterprise (and always the system administrator)
 * makes an invitation that person accepts or declines; until then they are no member and the inviter sees
 * nothing of them but what the inviter typed. Cancelled by an administrator of the scope.
 */
export const MEMBERSHIP_INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type MembershipInvitationStatus = (typeof MEMBERSHIP_INVITATION_STATUSES)[number];

/** How the inviter named the person, exactly as typed (never resolved to an account for the inviter). */
export const invitedAsSchema = z.object({
  kind: z.enum(['userId', 'name', 'phone']),
  value: z.string(),
  /** For a phone number; '' otherwise. */
  countryCode: z.string(),
});
export type InvitedAs = z.infer<typeof invitedAsSchema>;

/**
 * The answer of POST {enterprises,circles,projects}/{id}/members when it made an invitation (the same shape
 * whether or not the phone or account exists), and a row of GET …/membership-invitations (admins).
 */
export const membershipInvitationSchema = z.object({
  _id: idSchema,
  status: z.enum(MEMBERSHIP_INVITATION_STATUSES),
  scopeType: scopeTypeSchema,
  scopeId: idSchema,
  invitedAs: invitedAsSchema,
  templateId: idSchema.nullable(),
  department: z.string(),
  remark: z.string(),
  inviter: personRefSchema.nullable(),
  createdAt: z.string(),
});
export type MembershipInvitation = z.infer<typeof membershipInvitationSchema>;

/** POST …/members answers the member (someone of the enterprise, added at once) or the invitation. */
export const memberAddResultSchema = z.union([membershipInvitationSchema, memberViewSchema]);
export type MemberAddResult = z.infer<typeof memberAddResultSchema>;

export function isMembershipInvitation(result: MemberAddResult): result is MembershipInvitation {
  return 'invitedAs' in result;
}

/** GET membership-invitations: the caller's own pending invitations, newest first. */
export const myMembershipInvitationSchema = z.object({
  _id: idSchema,
  scopeType: scopeTypeSchema,
  scopeId: idSchema,
  scopeName: z.string(),
  /** The enterprise's name (the scope's own for an enterprise). */
  enterpriseName: z.string(),
  inviter: personRefSchema.nullable(),
  createdAt: z.string(),
});
export type MyMembershipInvitation = z.infer<typeof myMembershipInvitationSchema>;

/** Where the invitee's notification and to-do lead: the invitation page lists their pending invitations. */
export function membershipInvitationUrl(invitationId: string): string {
  return `${MEMBER_INVITE_PATH}?invitation=${encodeURIComponent(invitationId)}`;
}
