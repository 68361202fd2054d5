import type {
  Invitation,
  MemberRequest,
  MemberRequestStatus,
  MemberRole,
  MemberUser,
  MemberView,
  PersonRef,
  ScopeType,
} from '@lintel/contracts/org';
import type { MemberViewRow, UserSummaryRow } from './members.repository';
import type { InvitationRow, MemberRequestRow } from './requests.repository';

type MemberFields = Omit<
  MemberViewRow,
  'user_name' | 'user_nick_name' | 'user_avatar' | 'user_email' | 'user_phone'
>;

/** A member row, field by field (no other column can leak). */
export function presentMemberFields(row: MemberFields): MemberView {
  return {
    _id: row.id,
    scopeType: row.scope_type as ScopeType,
    scopeId: row.scope_id,
    enterpriseId: row.enterprise_id,
    userId: row.user_id,
    role: row.role as MemberRole,
    vip: Number(row.vip) === 1,
    department: row.department,
    remark: row.remark,
    order: Number(row.sort_order),
    edit4D: Number(row.edit_4d) === 1,
    phoneSecret: Number(row.phone_secret) === 1,
    businessShielding: Number(row.business_shielding) === 1,
    category: row.category,
    templateId: row.template_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A list row; with `expand` its user (the phone already blanked by the query where hidden). */
export function presentMemberView(row: MemberViewRow, expand: boolean): MemberView {
  const member = presentMemberFields(row);
  if (!expand) return member;
  return {
    ...member,
    user: {
      _id: row.user_id,
      name: row.user_name,
      nickName: row.user_nick_name,
      avatar: row.user_avatar,
      phoneNumber: row.user_phone ?? '',
      email: row.user_email,
    },
  };
}

export function presentMemberUser(row: UserSummaryRow, phoneVisible: boolean): MemberUser {
  return {
    _id: row.id,
    name: row.name,
    nickName: row.nick_name,
    avatar: row.avatar,
    phoneNumber: phoneVisible ? (row.phone_number ?? '') : '',
    email: row.email,
  };
}

export function presentPerson(row: UserSummaryRow | undefined): PersonRef | null {
  return row ? { _id: row.id, name: row.name, nickName: row.nick_name } : null;
}

export function presentMemberRequest(
  row: MemberRequestRow,
  users?: ReadonlyMap<string, UserSummaryRow>,
): MemberRequest {
  const request: MemberRequest = {
    _id: row.id,
    scopeType: row.scope_type as ScopeType,
    scopeId: row.scope_id,
    userId: row.user_id,
    inviterId: row.inviter_id,
    status: row.status as MemberRequestStatus,
    applyRemark: row.apply_remark,
    approvalRemark: row.approval_remark,
    handlerId: row.handler_id,
    handledAt: row.handled_at,
    createdAt: row.created_at,
  };
  if (!users) return request;
  const user = users.get(row.user_id);
  return {
    ...request,
    // Only admins list requests: the applicant's phone is theirs to see (they decide on the request).
    ...(user ? { user: presentMemberUser(user, true) } : {}),
    inviter: presentPerson(row.inviter_id ? users.get(row.inviter_id) : undefined),
    handler: presentPerson(row.handler_id ? users.get(row.handler_id) : undefined),
  };
}

/** An open invitation link for its admins: never the token (only its hash is kept) nor the hash. */
export function presentInvitation(
  row: InvitationRow,
  users: ReadonlyMap<string, UserSummaryRow>,
): Invitation {
  return {
    _id: row.id,
    scopeType: row.scope_type as ScopeType,
    scopeId: row.scope_id,
    inviter: presentPerson(row.inviter_id ? users.get(row.inviter_id) : undefined),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}
