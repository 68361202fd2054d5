import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them, one interface per table. Portable types only (DESIGN.md §5): text ids,
 * ISO 8601 UTC timestamps as text, integer booleans (0/1), JSON as text (see json.ts).
 */

/** 0 or 1: booleans are integers on both engines. */
export type IntBool = 0 | 1;
/** JSON text: `text` in SQLite, `jsonb` in PostgreSQL, read back as text on both (json.ts). */
export type JsonText = string;
/** An ISO 8601 UTC timestamp such as 2026-11-21T08:00:00.000Z. */
export type Timestamp = string;

export interface UsersTable {
  id: string;
  name: string;
  nick_name: string;
  /** null when the account has no phone; (country_code, phone_number) is unique when set. */
  phone_number: string | null;
  country_code: string;
  email: string;
  avatar: string;
  settings: JsonText;
  is_trial: IntBool;
  is_system_admin: IntBool;
  disabled: IntBool;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The profile payload (spec 000 §3): 0 male, 1 female; null until the profile is completed. */
  sex: number | null;
  city: string | null;
  work: string | null;
  project: string | null;
  company: string | null;
  position: string | null;
  /** Sign-in is refused until then after too many failures; null when not locked. */
  locked_until: Timestamp | null;
  /** 1: a generated password the owner must replace before anything else (issue 17). */
  must_change_password: Generated<IntBool>;
}

export interface SessionsTable {
  id: string;
  /** sha256 (hex) of the opaque token in the cookie; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  /** 1: "remember me" (fixed 30-day life); 0: browser session (sliding 12 hours). */
  remember: IntBool;
}

/** Small documents keyed by name, e.g. `system.profile` (the OEM profile overrides). */
export interface SettingsTable {
  key: string;
  value: JsonText;
  updated_at: Timestamp;
}

export interface CountryCodesTable {
  code: string;
  name: string;
  name_en: string;
  sort_order: number;
}

/** One row per SMS code sent (or attempted): the code (salted sha256) and the send counters. */
export interface SmsCodesTable {
  id: string;
  phone_number: string;
  country_code: string;
  /** register | login | reset | bind */
  purpose: string;
  code_hash: string;
  salt: string;
  /** sending | active | verified | consumed | void | failed */
  state: string;
  /** Wrong codes entered against this row; at 5 the row is void. */
  attempts: number;
  /** The account the code is for (purpose reset; informative otherwise). */
  user_id: string | null;
  ip: string;
  /** 1: a SMS_TEST_NUMBERS number (nothing sent, not counted against the limits). */
  test: IntBool;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** After a successful verify (register, reset): the phone may register / reset until then. */
  grant_expires_at: Timestamp | null;
}

export interface SignInFailuresTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
}

/** An attempt counter of the sign-in defenses (modules/account/attempts.*), one row per key. */
export interface AuthAttemptsTable {
  key: string;
  window_start: Timestamp;
  attempts: number;
  blocked_until: Timestamp | null;
}

/** A proof-of-work challenge handed out after repeated failures; deleted when used. */
export interface AuthChallengesTable {
  id: string;
  difficulty: number;
  expires_at: Timestamp;
}

/** An uploaded file's metadata; the bytes are in the storage under `storage_key` (never a user's filename). */
export interface FilesTable {
  id: string;
  /** null once the uploading account is deleted. */
  owner_id: string | null;
  storage_key: string;
  /** Sniffed from the bytes, never taken from the client. */
  content_type: string;
  size: number;
  /** The client's filename, sanitised: metadata for Content-Disposition only. */
  original_name: string;
  created_at: Timestamp;
  /** The project whose members may read it and whose storage it counts against; null: the uploader's own. */
  project_id: string | null;
}

/** An outside identity bound to an account: provider `passport` (OAuth subject) or `oa` (OA account name). */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  display_name: string;
  created_at: Timestamp;
}

/** A passport sign-in in progress: single use, 10 minutes, bound to the browser's oauth cookie. */
export interface OauthStatesTable {
  /** sha256 (hex) of the state parameter. */
  id: string;
  /** sha256 (hex) of the oauth cookie's random value. */
  binding_hash: string;
  code_verifier: string;
  redirect_uri: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A provider identity no account is bound to yet, waiting for passport_login (10 minutes). */
export interface PendingIdentitiesTable {
  /** sha256 (hex) of the ticket. */
  id: string;
  binding_hash: string;
  provider: string;
  subject: string;
  display_name: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** Account maps of the partner services (hongwa usermaps, zyf and thirdparty-oauth accountmaps). */
export interface AccountMapsTable {
  id: string;
  /** hongwa | zyf | thirdparty-oauth */
  service: string;
  user_id: string;
  vendor: string;
  account: string;
  relation_id: string;
  created_by: string;
  created_at: Timestamp;
}

/** An enterprise (tenant root). Capacity columns null: unlimited. Soft-deleted with deleted_at. */
export interface EnterprisesTable {
  id: string;
  name: string;
  short_name: string;
  is_trial: IntBool;
  account_capacity: number | null;
  /** Bytes. */
  space_capacity: number | null;
  project_limit: number | null;
  paid_plan: string;
  /** 4D-editing accounts the enterprise may authorise, and the last day that allowance is valid. */
  edit4d_total: Generated<number>;
  edit4d_expires_at: string | null;
  /** Bytes stored by its projects' files (kept with every upload and deletion), against space_capacity. */
  space_used: Generated<number>;
  /** null once the creating account is deleted. */
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** A branch organisation (circle) of an enterprise; parent_id null: top level. At most two levels. */
export interface CirclesTable {
  id: string;
  enterprise_id: string;
  parent_id: string | null;
  name: string;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** A project. The long tail of the project information is the JSON `info` (contracts projectInfoSchema). */
export interface ProjectsTable {
  id: string;
  enterprise_id: string;
  circle_id: string | null;
  name: string;
  short_name: string;
  /** A PROJECT_STATUSES key. */
  status: string;
  /** A PROJECT_TYPES key, null until chosen. */
  project_type: string | null;
  is_trial: IntBool;
  info: JsonText;
  /** Bytes. */
  storage_allocated: number;
  storage_used: number;
  storage_unlimited: IntBool;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** A user's membership of one enterprise, circle or project: unique per (scope_type, scope_id, user_id). */
export interface MembersTable {
  id: string;
  /** enterprise | circle | project */
  scope_type: string;
  scope_id: string;
  /** The scope's enterprise (the scope itself for an enterprise): counts accounts per enterprise. */
  enterprise_id: string;
  user_id: string;
  /** admin | member */
  role: string;
  vip: IntBool;
  department: string;
  remark: string;
  sort_order: number;
  edit_4d: IntBool;
  phone_secret: IntBool;
  business_shielding: IntBool;
  category: string;
  /** The permission template (next issue); null for admins and until then. */
  template_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When edit4D was granted; null when not a 4D editor. */
  edit_4d_at: Timestamp | null;
}

/** A project's settings documents by key (GET/PUT projects/{id}/settings/{key}). */
export interface ProjectSettingsTable {
  project_id: string;
  key: string;
  value: JsonText;
  updated_at: Timestamp;
}

/** Where each user last entered (PUT projects|circles|enterprises/{id}/enter). */
export interface UserPlacesTable {
  user_id: string;
  scope_type: string;
  scope_id: string;
  updated_at: Timestamp;
}

/** A project's permission template: grants per module (contracts permissions `Grants`). */
export interface PermissionTemplatesTable {
  id: string;
  project_id: string;
  name: string;
  is_default: IntBool;
  grants: JsonText;
  tree_scopes: JsonText;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A project's disciplines (majors). */
export interface ProjectDomainsTable {
  id: string;
  project_id: string;
  name: string;
  name_en: string;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A node of the organisation tree of an enterprise, circle or project (modules/org/structures). */
export interface StructuresTable {
  id: string;
  /** enterprise | circle | project */
  scope_type: string;
  scope_id: string;
  enterprise_id: string;
  /** null: top level; else a structure of the same scope. */
  parent_id: string | null;
  name: string;
  /** department | function */
  kind: string;
  sort_order: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A request to join a scope (modules/org/members): pending → passed | rejected, once. */
export interface MemberRequestsTable {
  id: string;
  scope_type: string;
  scope_id: string;
  enterprise_id: string;
  user_id: string;
  /** Who sent the invitation the request came through; null for a plain application. */
  inviter_id: string | null;
  invitation_id: string | null;
  /** pending | passed | rejected */
  status: string;
  apply_remark: string;
  approval_remark: string;
  handler_id: string | null;
  handled_at: Timestamp | null;
  created_at: Timestamp;
}

/** An invitation link to a scope; only the token's SHA-256 is stored. */
export interface MemberInvitationsTable {
  id: string;
  scope_type: string;
  scope_id: string;
  enterprise_id: string;
  inviter_id: string | null;
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** Set when an administrator revokes the link (migration 2026112240). */
  revoked_at: Timestamp | null;
  revoked_by: string | null;
}

/** An invitation addressed to a person (modules/org/members): pending → accepted | declined | cancelled. */
export interface MembershipInvitationsTable {
  id: string;
  scope_type: string;
  scope_id: string;
  enterprise_id: string;
  inviter_id: string | null;
  /** The account the typed person matched when invited; null: nobody (the invitation never matches). */
  user_id: string | null;
  /** userId | name | phone */
  invited_kind: string;
  invited_value: string;
  invited_country_code: string;
  template_id: string | null;
  department: string;
  remark: string;
  vip: number;
  category: string;
  /** pending | accepted | declined | cancelled */
  status: string;
  /** Unique while pending (scope and typed person); null once handled. */
  pending_key: string | null;
  member_id: string | null;
  handled_at: Timestamp | null;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  country_codes: CountryCodesTable;
  sms_codes: SmsCodesTable;
  sign_in_failures: SignInFailuresTable;
  auth_attempts: AuthAttemptsTable;
  auth_challenges: AuthChallengesTable;
  files: FilesTable;
  user_identities: UserIdentitiesTable;
  oauth_states: OauthStatesTable;
  pending_identities: PendingIdentitiesTable;
  account_maps: AccountMapsTable;
  enterprises: EnterprisesTable;
  circles: CirclesTable;
  projects: ProjectsTable;
  members: MembersTable;
  project_settings: ProjectSettingsTable;
  user_places: UserPlacesTable;
  structures: StructuresTable;
  member_requests: MemberRequestsTable;
  member_invitations: MemberInvitationsTable;
  membership_invitations: MembershipInvitationsTable;
  permission_templates: PermissionTemplatesTable;
  project_domains: ProjectDomainsTable;
}
