import { siteDate } from '@lintel/contracts';
import { addDays, topicDelayDays } from '@lintel/contracts/topics';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { createTopicDirectory } from './directory';
import { withTopicTables } from './tables';
import { linkRows } from './topics.references';
import { createTopicsRepository } from './topics.repository';

const SPECIES = ['渗漏', '裂缝', '安全隐患', '质量缺陷', '图纸问题'];
const SUBCONTRACTS = ['土建分包', '机电分包', '幕墙分包'];

interface DemoTopic {
  name: string;
  content: string;
  domain: string;
  species: string;
  subcontract?: string;
  priority: 'urgent' | 'normal' | 'suspended';
  /** Days from today (negative: in the past); null: none. */
  deadline: number | null;
  /** Completed this many days before today. */
  completedDaysAgo?: number;
  /** Created this many days before today. */
  createdDaysAgo: number;
  /** zhangsan raised it (else demo, mentioning zhangsan). */
  byMember?: boolean;
  responses?: Array<{ byMember: boolean; content: string }>;
}

const TOPICS: DemoTopic[] = [
  {
    name: '地下室外墙渗水',
    content: 'B2 层东侧外墙施工缝处有明显渗水，请尽快处理并反馈整改方案。',
    domain: '结构',
    species: '渗漏',
    subcontract: '土建分包',
    priority: 'urgent',
    deadline: -3,
    createdDaysAgo: 10,
    responses: [
      { byMember: true, content: '已安排注浆堵漏，明天上午施工。' },
      { byMember: false, content: '施工完成后请上传照片。' },
    ],
  },
  {
    name: '三层楼板裂缝',
    content: '3F 楼板 C-D 轴之间出现细微裂缝，需要设计确认是否影响结构安全。',
    domain: '结构',
    species: '裂缝',
    priority: 'normal',
    deadline: 5,
    createdDaysAgo: 8,
  },
  {
    name: '临边防护缺失',
    content: '5F 东侧楼梯口临边防护栏杆未安装。',
    domain: '建筑',
    species: '安全隐患',
    subcontract: '土建分包',
    priority: 'urgent',
    deadline: -12,
    createdDaysAgo: 20,
    responses: [{ byMember: true, content: '栏杆材料明天进场。' }],
  },
  {
    name: '给水管道试压未通过',
    content: '2 号楼给水立管试压 30 分钟压降超标，请排查接口。',
    domain: '给排水',
    species: '质量缺陷',
    subcontract: '机电分包',
    priority: 'normal',
    deadline: -40,
    createdDaysAgo: 50,
  },
  {
    name: '风管与桥架碰撞',
    content: '4F 走廊风管与强电桥架标高冲突，需要调整综合管线排布。',
    domain: '暖通',
    species: '图纸问题',
    subcontract: '机电分包',
    priority: 'normal',
    deadline: 10,
    createdDaysAgo: 3,
    byMember: true,
  },
  {
    name: '配电箱未接地',
    content: '临时配电箱 PE 线未连接，存在触电风险。',
    domain: '电气',
    species: '安全隐患',
    priority: 'urgent',
    deadline: -1,
    completedDaysAgo: 2,
    createdDaysAgo: 6,
    responses: [{ byMember: true, content: '已整改完成，接地电阻测试合格。' }],
  },
  {
    name: '幕墙预埋件偏位',
    content: '南立面 12 处幕墙预埋件偏位超过 20mm，需出具补强方案。',
    domain: '建筑',
    species: '质量缺陷',
    subcontract: '幕墙分包',
    priority: 'normal',
    deadline: -5,
    completedDaysAgo: 1,
    createdDaysAgo: 15,
  },
  {
    name: '吊顶龙骨间距过大',
    content: '1F 大堂吊顶主龙骨间距 1400mm，超过规范要求。',
    domain: '装饰装修',
    species: '质量缺陷',
    priority: 'suspended',
    deadline: null,
    createdDaysAgo: 4,
  },
  {
    name: '屋面防水卷材搭接不足',
    content: '屋面 SBS 卷材短边搭接宽度不足 100mm。',
    domain: '建筑',
    species: '渗漏',
    subcontract: '土建分包',
    priority: 'normal',
    deadline: -20,
    createdDaysAgo: 30,
  },
  {
    name: '消防喷淋头被遮挡',
    content: '地下车库部分喷淋头被风管遮挡，需要增设下喷头。',
    domain: '给排水',
    species: '图纸问题',
    subcontract: '机电分包',
    priority: 'normal',
    deadline: 14,
    createdDaysAgo: 1,
    byMember: true,
  },
  {
    name: '外架连墙件缺失',
    content: '北侧外架 8~10 层连墙件缺失 4 处。',
    domain: '结构',
    species: '安全隐患',
    priority: 'urgent',
    deadline: 0,
    createdDaysAgo: 2,
  },
  {
    name: '卫生间地面找坡错误',
    content: '6F 卫生间地面坡向与地漏位置相反。',
    domain: '装饰装修',
    species: '质量缺陷',
    priority: 'normal',
    deadline: -9,
    completedDaysAgo: 3,
    createdDaysAgo: 25,
  },
];

/**
 * The demo project's problem topics: a dozen in various states (on time, late in every bucket, completed,
 * suspended), mentioning zhangsan, some raised by him, a few with responses; and the species and
 * subcontract settings. Written straight into this module's tables inside the seeding transaction: no
 * notifications or to-dos (those belong to live use).
 */
export async function seedDemoTopics(
  trx: Kysely<Database>,
  {
    projectId,
    adminId,
    memberId,
    now,
  }: { projectId: string; adminId: string; memberId: string; now: string },
): Promise<void> {
  const repository = createTopicsRepository(withTopicTables(trx));
  const directory = createTopicDirectory(trx);
  const today = siteDate(now);
  const dayAt = (daysAgo: number, hour: number) =>
    new Date(Date.parse(`${addDays(today, -daysAgo)}T00:00:00.000Z`) + hour * 3_600_000).toISOString();

  const settingIds = new Map<string, string>();
  for (const [kind, names] of [
    ['species', SPECIES],
    ['subcontract', SUBCONTRACTS],
  ] as const) {
    for (const [order, name] of names.entries()) {
      const id = newId();
      settingIds.set(name, id);
      await repository.insertSetting({
        id,
        project_id: projectId,
        kind,
        name,
        sort_order: order,
        created_at: now,
        updated_at: now,
      });
    }
  }
  const domains = new Map([...(await directory.domains(projectId)).values()].map((d) => [d.name, d.id]));

  for (const [index, topic] of TOPICS.entries()) {
    const id = newId();
    const number = await repository.nextNumber(projectId);
    const createdAt = dayAt(topic.createdDaysAgo, 1 + (index % 8));
    const creator = topic.byMember ? memberId : adminId;
    const other = topic.byMember ? adminId : memberId;
    const deadline = topic.deadline === null ? null : addDays(today, topic.deadline);
    const completedAt =
      topic.completedDaysAgo === undefined ? null : dayAt(topic.completedDaysAgo, 9 + (index % 4));
    const responses = topic.responses ?? [];
    const lastChange = responses.length > 0 ? dayAt(Math.max(0, topic.createdDaysAgo - 1), 10) : createdAt;
    await repository.insertTopic({
      id,
      project_id: projectId,
      number,
      name: topic.name,
      content: topic.content,
      domain_id: domains.get(topic.domain) ?? null,
      species_id: settingIds.get(topic.species) ?? null,
      subcontract_id: topic.subcontract ? (settingIds.get(topic.subcontract) ?? null) : null,
      creator_id: creator,
      priority: topic.priority,
      status: completedAt ? 'completed' : 'processing',
      deadline,
      completed_at: completedAt,
      completed_delay_days: completedAt
        ? topicDelayDays({ status: 'completed', deadline, completedAt }, new Date(now))
        : 0,
      mentions: toJson([other]),
      participants: toJson([]),
      images: toJson([]),
      link_count: 0,
      response_count: 0,
      created_at: createdAt,
      updated_at: completedAt ?? lastChange,
    });
    // Some of zhangsan's are still unread (the newest ones he did not raise).
    const memberRead = topic.byMember || index % 3 === 0 || completedAt !== null;
    await repository.insertPeople([
      {
        topic_id: id,
        user_id: creator,
        project_id: projectId,
        mentioned: 0,
        participant: 0,
        following: 1,
        is_read: 1,
        read_at: createdAt,
      },
      {
        topic_id: id,
        user_id: other,
        project_id: projectId,
        mentioned: 1,
        participant: 0,
        following: 1,
        is_read: other === memberId ? (memberRead ? 1 : 0) : 1,
        read_at: other === memberId && !memberRead ? null : createdAt,
      },
    ]);
    for (const [order, response] of responses.entries()) {
      const at = dayAt(Math.max(0, topic.createdDaysAgo - 1), 10 + order);
      await repository.insertResponse(
        {
          id: newId(),
          topic_id: id,
          project_id: projectId,
          author_id: response.byMember ? memberId : adminId,
          content: response.content,
          images: toJson([]),
          created_at: at,
        },
        completedAt ?? at,
      );
    }
  }
}

/**
 * The demo model's seed (modules/models) links the demo project's first open topic to one of its elements,
 * so the viewer shows a topic on an element from the first start.
 */
export async function linkDemoTopicToElement(
  trx: Kysely<Database>,
  { projectId, modelId, globalId }: { projectId: string; modelId: string; globalId: string },
): Promise<void> {
  const topics = withTopicTables(trx);
  const topic = await topics
    .selectFrom('topics')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', '=', 'processing')
    .orderBy('number')
    .limit(1)
    .executeTakeFirst();
  if (!topic) return;
  await createTopicsRepository(topics).replaceLinks(topic.id, [
    linkRows(topic.id, projectId, [{ type: 'element', modelId, globalId }])[0]!,
  ]);
  await topics.updateTable('topics').set({ link_count: 1 }).where('id', '=', topic.id).execute();
}
