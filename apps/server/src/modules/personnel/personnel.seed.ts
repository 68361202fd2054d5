import { INITIAL_RULE, idNumberCheckCharacter } from '@lintel/contracts/personnel';
import type { Insertable, Kysely } from 'kysely';
import { newId } from '../../db/ids';
import { toJson } from '../../db/json';
import type { Database } from '../../db/schema';
import { siteDate } from './rights';
import { type PersonnelTable, withPersonnelTables } from './tables';

/** The demo units: two subcontractors and their teams. */
const UNITS: Array<{ name: string; teams: string[] }> = [
  { name: '示范劳务有限公司', teams: ['钢筋班', '木工班', '架子班'] },
  { name: '华东机电安装公司', teams: ['电工班', '焊工班'] },
];
const CRAFTS = ['钢筋工', '木工', '架子工', '电工', '焊工', '普工'];
/** Which craft each team's people have. */
const TEAM_CRAFT: Record<string, string> = {
  钢筋班: '钢筋工',
  木工班: '木工',
  架子班: '架子工',
  电工班: '电工',
  焊工班: '焊工',
};
const DAY_OFFS = [
  { date: '2026-01-01', name: '元旦' },
  { date: '2026-10-01', name: '国庆节' },
  { date: '2026-10-02', name: '国庆节' },
  { date: '2026-10-03', name: '国庆节' },
];
const VIOLATIONS: Array<{ type: string; items: string[] }> = [
  { type: '安全防护', items: ['未戴安全帽', '高处作业未系安全带'] },
  { type: '文明施工', items: ['施工现场吸烟', '材料乱堆乱放'] },
];
const NAMES = [
  '王建国',
  '李志强',
  '张伟',
  '刘洋',
  '陈明',
  '杨帆',
  '赵磊',
  '黄海',
  '周涛',
  '吴刚',
  '徐亮',
  '孙斌',
  '胡军',
  '朱峰',
  '高翔',
  '林涛',
  '何勇',
  '郭鹏',
  '马超',
  '罗平',
  '梁华',
  '宋杰',
  '郑浩',
  '谢辉',
  '韩冰',
  '唐宁',
  '冯雪',
  '于静',
  '董丽',
  '萧红',
];
const BLOOD_CYCLE = ['A', 'B', 'O', 'AB', 'unknown'];
/** Real region codes (Beijing, Shanghai, Shenzhen, Chengdu, Wuhan, Xi'an): the numbers look like real ones. */
const REGIONS = ['110101', '310104', '440305', '510107', '420106', '610113'];

/** A made-up ID number that passes the checks; `female` picks an even sequence digit. */
function demoIdNumber(index: number, female: boolean): string {
  const year = 1968 + ((index * 7) % 34);
  const month = String(1 + ((index * 5) % 12)).padStart(2, '0');
  const day = String(1 + ((index * 11) % 28)).padStart(2, '0');
  const sequence = String(100 + index * 2 + (female ? 0 : 1)).padStart(3, '0');
  const first17 = `${REGIONS[index % REGIONS.length]}${year}${month}${day}${sequence}`;
  return first17 + idNumberCheckCharacter(first17);
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00.000Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/**
 * The demo project's labour force (示范项目一期): units and teams, crafts, the initial rule and a night
 * shift, day-offs, violation types and items, and 30 workers (two of them exited).
 */
export async function seedDemoPersonnel(
  trx: Kysely<Database>,
  { projectId, now }: { projectId: string; now: string },
): Promise<void> {
  const db = withPersonnelTables(trx);
  const at = now;
  const time = Date.parse(now);
  const id = () => newId(time);
  const today = siteDate(new Date(time));

  const teams: Array<{ id: string; name: string }> = [];
  for (const unit of UNITS) {
    const unitId = id();
    await db
      .insertInto('personnel_units')
      .values({
        id: unitId,
        project_id: projectId,
        name: unit.name,
        parent_id: null,
        deleted_at: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const team of unit.teams) {
      const teamId = id();
      teams.push({ id: teamId, name: team });
      await db
        .insertInto('personnel_units')
        .values({
          id: teamId,
          project_id: projectId,
          name: team,
          parent_id: unitId,
          deleted_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
  const crafts = new Map<string, string>();
  for (const name of CRAFTS) {
    const craftId = id();
    crafts.set(name, craftId);
    await db
      .insertInto('personnel_crafts')
      .values({ id: craftId, project_id: projectId, name, created_at: at, updated_at: at })
      .execute();
  }
  await db
    .insertInto('attendance_rules')
    .values([
      {
        id: id(),
        project_id: projectId,
        name: INITIAL_RULE.name,
        minutes: INITIAL_RULE.hours * 60,
        cumulative: 0,
        is_default: 1,
        initial: 1,
        created_at: at,
        updated_at: at,
      },
      {
        id: id(),
        project_id: projectId,
        name: '夜班',
        minutes: 10 * 60,
        cumulative: 1,
        is_default: 0,
        initial: 0,
        created_at: at,
        updated_at: at,
      },
    ])
    .execute();
  await db
    .insertInto('day_offs')
    .values(DAY_OFFS.map((d) => ({ id: id(), project_id: projectId, ...d, created_at: at, updated_at: at })))
    .execute();
  for (const violation of VIOLATIONS) {
    const typeId = id();
    await db
      .insertInto('violation_types')
      .values({ id: typeId, project_id: projectId, name: violation.type, created_at: at, updated_at: at })
      .execute();
    await db
      .insertInto('violation_items')
      .values(
        violation.items.map((name) => ({
          id: id(),
          project_id: projectId,
          type_id: typeId,
          name,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }

  const people: Insertable<PersonnelTable>[] = NAMES.map((name, index) => {
    const team = teams[index % teams.length] as { id: string; name: string };
    const female = index >= 26;
    const idNumber = demoIdNumber(index, female);
    const exited = index === 9 || index === 19;
    const entryDate = addDays(today, -120 + index * 2);
    return {
      id: id(),
      project_id: projectId,
      name,
      id_number: idNumber,
      sex: female ? 1 : 0,
      birth_date: `${idNumber.slice(6, 10)}-${idNumber.slice(10, 12)}-${idNumber.slice(12, 14)}`,
      blood_type: BLOOD_CYCLE[index % BLOOD_CYCLE.length] as string,
      unit_id: team.id,
      team: `${team.name}${1 + (index % 2)}组`,
      team_contact: NAMES[(index + 10) % NAMES.length] as string,
      team_phone: `1380013${String(1000 + index).slice(-4)}`,
      phone: `1390013${String(2000 + index).slice(-4)}`,
      craft_id: crafts.get(TEAM_CRAFT[team.name] ?? '普工') ?? null,
      certificates: toJson(
        index % 3 === 0 ? [`T${idNumber.slice(0, 6)}${String(index).padStart(4, '0')}`] : [],
      ),
      entry_date: entryDate,
      exit_date: exited ? addDays(entryDate, 60) : null,
      attachments: toJson([]),
      avatar_id: null,
      safety_education: toJson([{ date: entryDate, content: '三级安全教育（入场）', hours: 24 }]),
      rule_id: null,
      status: exited ? 'exit' : 'entry',
      remark: exited ? '分项工程完工退场' : '',
      share_token: null,
      created_at: at,
      updated_at: at,
    };
  });
  await db.insertInto('personnel').values(people).execute();
}
