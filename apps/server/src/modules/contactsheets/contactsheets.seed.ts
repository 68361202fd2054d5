import {
  type ContactSheetType,
  contactSheetExcerpt,
  formatContactSheetNumber,
} from '@lintel/contracts/contactsheets';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import type { Database, Timestamp } from '../../db/schema';
import { createContactSheetsRepository } from './contactsheets.repository';
import { withContactSheetTables } from './tables';

interface DemoSheet {
  type: ContactSheetType;
  title: string;
  content: string;
  replyNeeded: boolean;
  replyDeadline: string | null;
  /** Hours before `now` it was sent. */
  sentHoursAgo: number;
  /** zhangsan read it this many hours before `now`; null: unread. */
  readHoursAgo: number | null;
  reply: string | null;
}

const DEMO_SHEETS: DemoSheet[] = [
  {
    type: 'contact',
    title: '关于三层梁柱节点钢筋绑扎的工作联系单',
    content:
      '三层 C-3 轴至 C-7 轴梁柱节点处钢筋较密，箍筋加密区绑扎困难。\n请施工单位于浇筑前复核节点钢筋排布，' +
      '必要时按设计院回复采用机械连接，并将处理方案报监理单位确认。',
    replyNeeded: true,
    replyDeadline: null,
    sentHoursAgo: 50,
    readHoursAgo: 48,
    reply: '已复核，节点处改用直螺纹套筒连接，方案已报监理审批，预计周五前完成绑扎。',
  },
  {
    type: 'notice',
    title: '关于本周六塔吊检修暂停吊装作业的通知',
    content: '本周六 8:00—12:00 对 1 号塔吊进行月度检修，期间暂停一切吊装作业，请各班组提前安排材料转运。',
    replyNeeded: false,
    replyDeadline: null,
    sentHoursAgo: 20,
    readHoursAgo: null,
    reply: null,
  },
  {
    type: 'contact',
    title: '地下室外墙防水节点做法确认',
    content: '地下室外墙后浇带处防水附加层做法与图纸不一致，请于回复期限前确认最终做法。',
    replyNeeded: true,
    replyDeadline: null,
    sentHoursAgo: 3,
    readHoursAgo: null,
    reply: null,
  },
];

const HOUR = 60 * 60 * 1000;

/**
 * The demo project's contact sheets (DEMO=1), inside the seeding transaction: demo sends them to zhangsan;
 * one replied, the others unread. No notifications or to-dos: the seed has no producers, and a fresh
 * demo is opened by its own user first.
 */
export async function seedDemoContactSheets(
  trx: Kysely<Database>,
  {
    projectId,
    senderId,
    receiverId,
    now,
  }: { projectId: string; senderId: string; receiverId: string; now: Timestamp },
): Promise<void> {
  const repository = createContactSheetsRepository(withContactSheetTables(trx));
  const base = Date.parse(now);
  const at = (hoursAgo: number) => new Date(base - hoursAgo * HOUR).toISOString();
  for (const sheet of DEMO_SHEETS) {
    const sentAt = at(sheet.sentHoursAgo);
    const id = newId(Date.parse(sentAt));
    const sequence = await repository.takeNumber(projectId, sheet.type);
    const deadline =
      sheet.replyNeeded && sheet.reply === null
        ? new Date(base + 3 * 24 * HOUR).toISOString().slice(0, 10)
        : null;
    await repository.insertSheet({
      id,
      project_id: projectId,
      type: sheet.type,
      number_seq: sequence,
      number: formatContactSheetNumber(sheet.type, new Date(sentAt).getUTCFullYear(), sequence),
      sender_id: senderId,
      sender_unit: '总承包项目部',
      title: sheet.title,
      content: sheet.content,
      excerpt: contactSheetExcerpt(sheet.content),
      reply_needed: sheet.replyNeeded ? 1 : 0,
      reply_deadline: sheet.replyDeadline ?? deadline,
      model_id: null,
      viewport_id: null,
      selection_set_id: null,
      status: 'sent',
      sent_at: sentAt,
      recalled_at: null,
      replied: sheet.reply ? 1 : 0,
      deleted_at: null,
      deleted_by: null,
      created_at: sentAt,
      updated_at: sentAt,
    });
    const readAt = sheet.readHoursAgo === null ? null : at(sheet.readHoursAgo);
    const repliedAt = sheet.reply ? at(sheet.readHoursAgo ?? sheet.sentHoursAgo) : null;
    await repository.insertPeople([
      {
        sheet_id: id,
        user_id: receiverId,
        project_id: projectId,
        role: 'receiver',
        is_read: readAt ? 1 : 0,
        read_at: readAt,
        replied: sheet.reply ? 1 : 0,
        replied_at: repliedAt,
        forwarded_by: null,
        added_at: sentAt,
        position: 0,
      },
    ]);
    const entry = (action: string, actorId: string, when: string, extra = {}) => ({
      id: newId(Date.parse(when)),
      sheet_id: id,
      action,
      actor_id: actorId,
      at: when,
      users: toJson([]),
      remark: null,
      ...extra,
    });
    await repository.insertCirculation(entry('send', senderId, sentAt, { users: toJson([receiverId]) }));
    if (readAt) await repository.insertCirculation(entry('read', receiverId, readAt));
    if (sheet.reply && repliedAt) {
      await repository.insertReply({
        id: newId(Date.parse(repliedAt)),
        sheet_id: id,
        user_id: receiverId,
        content: sheet.reply,
        created_at: repliedAt,
      });
      await repository.insertCirculation(
        entry('reply', receiverId, repliedAt, { remark: contactSheetExcerpt(sheet.reply) }),
      );
    }
  }
}
