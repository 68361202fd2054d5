import { PROJECT_DEFAULT_SETTINGS, type ProjectInfo } from '@lintel/contracts/org';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import type { Database, Timestamp } from '../../db/schema';
import { setUpProjectPermissions } from '../permissions/project-setup';
import { createOrgRepository } from './org.repository';

export const DEMO_ENTERPRISE_NAME = '示范建设集团';
export const DEMO_CIRCLE_NAME = '华东分公司';
export const DEMO_PROJECT_NAME = '示范项目一期';

/** The demo project's information: every field filled, as a real project would be. */
export const DEMO_PROJECT_INFO = {
  name: DEMO_PROJECT_NAME,
  shortName: '示范一期',
  status: 'underConstruction',
  projectType: 'architecture',
  location: '上海市浦东新区张江路 88 号',
  city: '上海市/上海市/浦东新区',
  hierarchy: '集团/华东分公司/项目部',
  plannedStartDate: '2026-03-01',
  actualStartDate: '2026-03-15',
  plannedDuration: 720,
  actualDuration: 260,
  completionDate: '2028-02-28',
  profile: '示范项目一期为框架-剪力墙结构的综合办公楼，地上 24 层、地下 3 层，全过程应用 BIM 协同。',
  contractAmount: 58600,
  contractAmountUnit: 'tenThousandYuan',
  constructionArea: 86500,
  constructionAreaUnit: 'squareMetre',
  landArea: 15200,
  landAreaUnit: 'squareMetre',
  buildingHeight: 99.8,
  excavationDepth: 16.5,
  floorsAboveGround: 24,
  floorsUnderground: 3,
  managementHeadcount: 46,
  attendanceHeadcount: 620,
  partyMemberCount: 18,
  generalContractor: '示范建设集团有限公司',
  projectNature: '新建',
  ownerUnit: '上海示范置业有限公司',
  constructionUnit: '示范建设集团华东分公司',
  supervisionUnit: '上海建科工程咨询有限公司',
  designUnit: '华东建筑设计研究院有限公司',
  executingUnit: '示范建设集团华东分公司第一项目部',
  investmentBody: 'stateOwned',
  contractingMode: 'constructionGeneral',
  projectScale: '大型',
  constructionTechnologies: ['conventional', 'superLargeFoundation'],
  qualityGoal: '鲁班奖',
  safetyGoal: '零死亡，省级安全文明工地',
  greenConstructionGoal: '全国绿色施工示范工程',
  level: 'municipalKey',
  classification: 'directlyManaged',
  directlyOwnedCompany: '示范建设集团华东分公司',
  paidPlan: '企业版',
  address: '上海市浦东新区张江路 88 号',
  description: '集团 BIM 协同示范项目。',
  pictures: [],
} as const satisfies ProjectInfo;

/**
 * The demo organisation (DEMO=1): the enterprise with one circle and one project, `admin` (the demo user) as
 * enterprise and project admin, `member` (zhangsan) as project member. Runs inside the seeding transaction.
 */
export async function seedDemoOrg(
  trx: Kysely<Database>,
  { adminId, memberId, now }: { adminId: string; memberId: string; now: Timestamp },
): Promise<{ enterpriseId: string; circleId: string; projectId: string }> {
  const repo = createOrgRepository(trx);
  const enterpriseId = newId();
  const circleId = newId();
  const projectId = newId();
  const stamps = { created_at: now, updated_at: now };
  await repo.insertEnterprise({
    id: enterpriseId,
    name: DEMO_ENTERPRISE_NAME,
    short_name: '示范集团',
    is_trial: 0,
    account_capacity: 500,
    space_capacity: 100 * 1024 ** 3,
    project_limit: 50,
    paid_plan: 'enterprise',
    edit4d_total: 10,
    edit4d_expires_at: '2099-12-31',
    created_by: adminId,
    ...stamps,
  });
  await repo.insertCircle({
    id: circleId,
    enterprise_id: enterpriseId,
    parent_id: null,
    name: DEMO_CIRCLE_NAME,
    sort_order: 0,
    ...stamps,
  });
  const { name, shortName, status, projectType, ...info } = DEMO_PROJECT_INFO;
  await repo.insertProject({
    id: projectId,
    enterprise_id: enterpriseId,
    circle_id: circleId,
    name,
    short_name: shortName,
    status,
    project_type: projectType,
    is_trial: 0,
    info: toJson(info),
    storage_allocated: 20 * 1024 ** 3,
    storage_used: 0,
    storage_unlimited: 0,
    created_by: adminId,
    ...stamps,
  });
  const member = (scopeType: string, scopeId: string, userId: string, role: string, order: number) => ({
    id: newId(),
    scope_type: scopeType,
    scope_id: scopeId,
    enterprise_id: enterpriseId,
    user_id: userId,
    role,
    vip: 0 as const,
    department: role === 'admin' ? '项目管理部' : '工程部',
    remark: '',
    sort_order: order,
    edit_4d: role === 'admin' ? (1 as const) : (0 as const),
    phone_secret: 0 as const,
    business_shielding: 0 as const,
    category: '',
    template_id: null,
    ...stamps,
  });
  await repo.insertMember(member('enterprise', enterpriseId, adminId, 'admin', 0));
  await repo.insertMember(member('project', projectId, adminId, 'admin', 0));
  await repo.insertMember(member('project', projectId, memberId, 'member', 1));
  for (const [key, value] of Object.entries(PROJECT_DEFAULT_SETTINGS)) {
    await repo.upsertSetting(projectId, key, toJson(value), now);
  }
  await setUpProjectPermissions(trx, projectId, now);
  return { enterpriseId, circleId, projectId };
}
