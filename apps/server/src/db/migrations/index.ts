import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import * as m2026112101 from './2026112101_users';
import * as m2026112102 from './2026112102_sessions';
import * as m2026112103 from './2026112103_settings';
import * as m2026112104 from './2026112104_country_codes';
import * as m2026112120 from './2026112120_user_profile';
import * as m2026112121 from './2026112121_sms_codes';
import * as m2026112122 from './2026112122_sign_in_failures';
import * as m2026112123 from './2026112123_users_locked_until';
import * as m2026112124 from './2026112124_files';
import * as m2026112125 from './2026112125_user_identities';
import * as m2026112126 from './2026112126_oauth_states';
import * as m2026112127 from './2026112127_pending_identities';
import * as m2026112128 from './2026112128_account_maps';
import * as m2026112130 from './2026112130_enterprises';
import * as m2026112131 from './2026112131_circles';
import * as m2026112132 from './2026112132_projects';
import * as m2026112133 from './2026112133_members';
import * as m2026112134 from './2026112134_project_settings';
import * as m2026112135 from './2026112135_user_places';
import * as m2026112150 from './2026112150_permissions';
import * as m2026112170 from './2026112170_structures';
import * as m2026112171 from './2026112171_member_invitations';
import * as m2026112172 from './2026112172_member_requests';
import * as m2026112173 from './2026112173_list_indexes';
import * as m2026112180 from './2026112180_notifications';
import * as m2026112181 from './2026112181_query_params';
import * as m2026112182 from './2026112182_todos';
import * as m2026112190 from './2026112190_files_projects';
import * as m2026112195 from './2026112195_announcements';
import * as m2026112196 from './2026112196_announcement_receipts';
import * as m2026112197 from './2026112197_announcement_attachments';
import * as m2026112200 from './2026112200_topic_settings';
import * as m2026112201 from './2026112201_topics';
import * as m2026112202 from './2026112202_topic_people';
import * as m2026112203 from './2026112203_topic_links';
import * as m2026112204 from './2026112204_topic_responses';
import * as m2026112205 from './2026112205_topic_counters';
import * as m2026112230 from './2026112230_contactsheets';
import * as m2026112231 from './2026112231_contactsheet_people';
import * as m2026112232 from './2026112232_contactsheet_replies';
import * as m2026112233 from './2026112233_contactsheet_attachments';
import * as m2026112234 from './2026112234_contactsheet_circulation';
import * as m2026112235 from './2026112235_contactsheet_counters';
import * as m2026112240 from './2026112240_member_invitation_revocations';
import * as m2026112250 from './2026112250_personnel_units';
import * as m2026112251 from './2026112251_personnel_crafts';
import * as m2026112252 from './2026112252_attendance_rules';
import * as m2026112253 from './2026112253_violation_types';
import * as m2026112254 from './2026112254_violation_items';
import * as m2026112255 from './2026112255_day_offs';
import * as m2026112256 from './2026112256_personnel';
import * as m2026112265 from './2026112265_attendance_devices';
import * as m2026112266 from './2026112266_attendance_events';
import * as m2026112267 from './2026112267_attendance_corrections';
import * as m2026112268 from './2026112268_violation_records';
import * as m2026112280 from './2026112280_models';
import * as m2026112285 from './2026112285_model_views';
import * as m2026112610 from './2026112610_auth_attempts';
import * as m2026112611 from './2026112611_auth_challenges';
import * as m2026112630 from './2026112630_membership_invitations';
import * as m2026112640 from './2026112640_file_attachments';
import * as m2026112711 from './2026112711_users_must_change_password';
import * as m2026112720 from './2026112720_permission_presets';
import * as m2026112730 from './2026112730_audit_entries';
import * as m2026112740 from './2026112740_clause_texts';
import * as m2026112741 from './2026112741_user_consents';
import * as m2026112800 from './2026112800_workflow_groups';
import * as m2026112801 from './2026112801_workflow_templates';
import * as m2026112802 from './2026112802_workflow_template_versions';
import * as m2026112810 from './2026112810_workflow_instances';
import * as m2026112811 from './2026112811_workflow_instance_approvers';
import * as m2026112812 from './2026112812_workflow_log';
import * as m2026112820 from './2026112820_form_template_groups';
import * as m2026112821 from './2026112821_form_templates';
import * as m2026112822 from './2026112822_forms';
import * as m2026112823 from './2026112823_form_people';
import * as m2026112824 from './2026112824_form_print_templates';
import * as m2026112830 from './2026112830_topics_viewport';

/**
 * Every migration, by name. A static list (not a folder scan) so that the esbuild bundle carries them.
 * Names are timestamp-prefixed; a landed migration is never edited, a change is a new one (DESIGN.md §5).
 */
export interface MigrationModule {
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
  down?(db: Kysely<unknown>, engine: Engine): Promise<void>;
}

export const MIGRATIONS: Readonly<Record<string, MigrationModule>> = {
  '2026112101_users': m2026112101,
  '2026112102_sessions': m2026112102,
  '2026112103_settings': m2026112103,
  '2026112104_country_codes': m2026112104,
  '2026112120_user_profile': m2026112120,
  '2026112121_sms_codes': m2026112121,
  '2026112122_sign_in_failures': m2026112122,
  '2026112123_users_locked_until': m2026112123,
  '2026112124_files': m2026112124,
  '2026112125_user_identities': m2026112125,
  '2026112126_oauth_states': m2026112126,
  '2026112127_pending_identities': m2026112127,
  '2026112128_account_maps': m2026112128,
  '2026112130_enterprises': m2026112130,
  '2026112131_circles': m2026112131,
  '2026112132_projects': m2026112132,
  '2026112133_members': m2026112133,
  '2026112134_project_settings': m2026112134,
  '2026112135_user_places': m2026112135,
  '2026112150_permissions': m2026112150,
  '2026112170_structures': m2026112170,
  '2026112171_member_invitations': m2026112171,
  '2026112172_member_requests': m2026112172,
  '2026112173_list_indexes': m2026112173,
  '2026112180_notifications': m2026112180,
  '2026112181_query_params': m2026112181,
  '2026112182_todos': m2026112182,
  '2026112190_files_projects': m2026112190,
  '2026112195_announcements': m2026112195,
  '2026112196_announcement_receipts': m2026112196,
  '2026112197_announcement_attachments': m2026112197,
  '2026112200_topic_settings': m2026112200,
  '2026112201_topics': m2026112201,
  '2026112202_topic_people': m2026112202,
  '2026112203_topic_links': m2026112203,
  '2026112204_topic_responses': m2026112204,
  '2026112205_topic_counters': m2026112205,
  '2026112230_contactsheets': m2026112230,
  '2026112231_contactsheet_people': m2026112231,
  '2026112232_contactsheet_replies': m2026112232,
  '2026112233_contactsheet_attachments': m2026112233,
  '2026112234_contactsheet_circulation': m2026112234,
  '2026112235_contactsheet_counters': m2026112235,
  '2026112240_member_invitation_revocations': m2026112240,
  '2026112250_personnel_units': m2026112250,
  '2026112251_personnel_crafts': m2026112251,
  '2026112252_attendance_rules': m2026112252,
  '2026112253_violation_types': m2026112253,
  '2026112254_violation_items': m2026112254,
  '2026112255_day_offs': m2026112255,
  '2026112256_personnel': m2026112256,
  '2026112265_attendance_devices': m2026112265,
  '2026112266_attendance_events': m2026112266,
  '2026112267_attendance_corrections': m2026112267,
  '2026112268_violation_records': m2026112268,
  '2026112280_models': m2026112280,
  '2026112285_model_views': m2026112285,
  '2026112610_auth_attempts': m2026112610,
  '2026112611_auth_challenges': m2026112611,
  '2026112630_membership_invitations': m2026112630,
  '2026112640_file_attachments': m2026112640,
  '2026112711_users_must_change_password': m2026112711,
  '2026112720_permission_presets': m2026112720,
  '2026112730_audit_entries': m2026112730,
  '2026112740_clause_texts': m2026112740,
  '2026112741_user_consents': m2026112741,
  '2026112800_workflow_groups': m2026112800,
  '2026112801_workflow_templates': m2026112801,
  '2026112802_workflow_template_versions': m2026112802,
  '2026112810_workflow_instances': m2026112810,
  '2026112811_workflow_instance_approvers': m2026112811,
  '2026112812_workflow_log': m2026112812,
  '2026112820_form_template_groups': m2026112820,
  '2026112821_form_templates': m2026112821,
  '2026112822_forms': m2026112822,
  '2026112823_form_people': m2026112823,
  '2026112824_form_print_templates': m2026112824,
  '2026112830_topics_viewport': m2026112830,
};
