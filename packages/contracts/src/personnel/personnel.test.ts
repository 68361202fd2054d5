import { describe, expect, it } from 'vitest';
import {
  ageOn,
  attendanceCorrectionSchema,
  attendanceIngestSchema,
  attendanceStatisticsQuerySchema,
  buildUnitTree,
  checkMainlandIdNumber,
  dayOffCreateSchema,
  idNumberCheckCharacter,
  personnelCreateSchema,
  personnelExitSchema,
  personnelPublicCardSchema,
  personnelQuerySchema,
  personnelUpdateSchema,
  ruleCreateSchema,
  unitWithDescendants,
  violationRecordCreateSchema,
} from './index';

const ID = '0123456789abcdef01234567';
const TODAY = '2026-11-21';

describe('checkMainlandIdNumber', () => {
  it.each([
    ['11010519491231002X', '1949-12-31', 1],
    ['11010519491231002x', '1949-12-31', 1],
    ['440304199001011233', '1990-01-01', 0],
    ['320102198511220072', '1985-11-22', 0],
    ['510106200002290049', '2000-02-29', 1],
    [' 370203197806151234 ', '1978-06-15', 0],
  ] as const)('%s is valid, born %s, sex %i', (id, birthDate, sex) => {
    expect(checkMainlandIdNumber(id, TODAY)).toEqual({
      valid: true,
      idNumber: id.trim().toUpperCase(),
      birthDate,
      sex,
      reason: null,
    });
  });

  it.each([
    ['11010519491231002', 'length'],
    ['11010519491231002X1', 'length'],
    ['', 'length'],
    ['1101051949123100XX', 'format'],
    ['11010519491231002Y', 'format'],
    ['11010519491231002 ', 'length'],
    ['99010519491231002X', 'region'],
    ['00010519491231002X', 'region'],
    ['110105194913310029', 'birthDate'], // month 13
    ['110105190002290020', 'birthDate'], // 1900 was not a leap year
    ['110105201002300023', 'birthDate'], // 30 February
    ['110105189912310020', 'birthDate'], // before 1900
    ['110105203001010021', 'future'],
    ['110105194912310021', 'checksum'],
    ['440304199001011234', 'checksum'],
  ] as const)('%j is refused: %s', (id, reason) => {
    const result = checkMainlandIdNumber(id, TODAY);
    expect(result.valid).toBe(false);
    expect(result.reason).toBe(reason);
  });

  it('builds check characters that the checker accepts', () => {
    for (const first17 of ['11010519491231002', '44030419900101123', '13010220010505456']) {
      expect(checkMainlandIdNumber(first17 + idNumberCheckCharacter(first17), TODAY).valid).toBe(true);
    }
  });
});

describe('ageOn', () => {
  it('counts full years, the birthday itself included', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
    expect(ageOn('2026-11-21', '2026-11-21')).toBe(0);
  });
});

describe('unit tree', () => {
  const units = [
    { _id: 'a', parentId: null },
    { _id: 'b', parentId: 'a' },
    { _id: 'c', parentId: 'b' },
    { _id: 'd', parentId: 'missing' },
    { _id: 'x', parentId: 'y' },
    { _id: 'y', parentId: 'x' },
    { _id: 'z', parentId: 'y' },
  ];

  it('roots are null parents, unknown parents and cycle members; nothing lost', () => {
    const tree = buildUnitTree(units);
    expect(tree.map((n) => n._id)).toEqual(['a', 'd', 'x', 'y']);
    expect(tree[0]?.children.map((n) => n._id)).toEqual(['b']);
    expect(tree[0]?.children[0]?.children.map((n) => n._id)).toEqual(['c']);
    expect(tree[3]?.children.map((n) => n._id)).toEqual(['z']);
  });

  it('a unit with descendants', () => {
    expect(unitWithDescendants(units, 'a').sort()).toEqual(['a', 'b', 'c']);
    expect(unitWithDescendants(units, 'x').sort()).toEqual(['x', 'y', 'z']);
    expect(unitWithDescendants(units, 'c')).toEqual(['c']);
  });
});

describe('settings bodies', () => {
  it('rules take half-hour steps; day-offs real dates', () => {
    expect(ruleCreateSchema.parse({ projectId: ID, name: ' 夜班 ', hours: 7.5 })).toMatchObject({
      name: '夜班',
    });
    for (const hours of [0, 7.3, 25]) {
      expect(ruleCreateSchema.safeParse({ projectId: ID, name: 'x', hours }).success).toBe(false);
    }
    expect(dayOffCreateSchema.safeParse({ projectId: ID, date: '2026-02-30' }).success).toBe(false);
    expect(dayOffCreateSchema.parse({ projectId: ID, date: '2026-10-01', name: '国庆' }).date).toBe(
      '2026-10-01',
    );
  });
});

describe('personnel bodies', () => {
  const base = { projectId: ID, name: '张三', idNumber: '440304199001011233', unitId: ID };

  it('the ID number is normalised and checked; phones have 11 digits', () => {
    expect(personnelCreateSchema.parse({ ...base, idNumber: '11010519491231002x' }).idNumber).toBe(
      '11010519491231002X',
    );
    const bad = personnelCreateSchema.safeParse({ ...base, idNumber: '440304199001011234' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('personnel.idNumberInvalid');
    expect(personnelCreateSchema.safeParse({ ...base, phone: '1380000000' }).success).toBe(false);
    expect(
      personnelCreateSchema.parse({ ...base, phone: '13800000000', certificates: ['T1', 'T1'] }),
    ).toMatchObject({
      certificates: ['T1'],
    });
    expect(personnelCreateSchema.safeParse({ ...base, age: 30 }).success).toBe(false);
  });

  it('exit needs a remark; abnormal needs a remark', () => {
    expect(personnelExitSchema.safeParse({ date: TODAY, remark: '  ' }).error?.issues[0]?.message).toBe(
      'personnel.remarkRequired',
    );
    expect(personnelExitSchema.safeParse({ date: TODAY }).success).toBe(false);
    expect(personnelUpdateSchema.safeParse({ status: 'abnormal' }).success).toBe(false);
    expect(personnelUpdateSchema.safeParse({ status: 'abnormal', remark: '未戴安全帽' }).success).toBe(true);
    expect(personnelUpdateSchema.safeParse({ status: 'exit' }).success).toBe(false);
    expect(personnelUpdateSchema.safeParse({}).success).toBe(false);
  });

  it('the list query', () => {
    expect(personnelQuerySchema.parse({ status: 'exit', keyword: ' 1233 ', export: 'true' })).toMatchObject({
      status: 'exit',
      keyword: '1233',
      export: true,
      skip: 0,
    });
    expect(personnelQuerySchema.safeParse({ status: 'gone' }).success).toBe(false);
  });

  it('the public card has no ID number or phone', () => {
    const keys = Object.keys(personnelPublicCardSchema.shape);
    expect(keys).not.toContain('idNumber');
    expect(keys.some((k) => /phone/i.test(k))).toBe(false);
  });
});

describe('attendance and violations bodies', () => {
  const event = { eventId: 'e1', personId: ID, direction: 'in', at: '2026-11-21T08:00:00+08:00' };

  it('ingest: one person reference per event, at most 1000 events', () => {
    expect(attendanceIngestSchema.safeParse({ events: [event] }).success).toBe(true);
    expect(attendanceIngestSchema.safeParse({ events: [] }).success).toBe(false);
    expect(
      attendanceIngestSchema.safeParse({ events: [{ ...event, idNumber: '440304199001011233' }] }).success,
    ).toBe(false);
    expect(attendanceIngestSchema.safeParse({ events: [{ ...event, personId: undefined }] }).success).toBe(
      false,
    );
    expect(attendanceIngestSchema.safeParse({ events: [{ ...event, at: '2026-11-21 08:00' }] }).success).toBe(
      false,
    );
    const many = Array.from({ length: 1001 }, (_, i) => ({ ...event, eventId: `e${i}` }));
    expect(attendanceIngestSchema.safeParse({ events: many }).success).toBe(false);
  });

  it('corrections need a reason and something to change', () => {
    const base = { personId: ID, date: TODAY, reason: '设备故障' };
    expect(attendanceCorrectionSchema.safeParse({ ...base, in: '08:00', out: '17:30' }).success).toBe(true);
    expect(attendanceCorrectionSchema.safeParse({ ...base, in: '18:00', out: '17:30' }).success).toBe(false);
    expect(attendanceCorrectionSchema.safeParse({ ...base }).success).toBe(false);
    expect(attendanceCorrectionSchema.safeParse({ ...base, status: 'normal', reason: ' ' }).success).toBe(
      false,
    );
  });

  it('statistics need the date or month of their period', () => {
    expect(attendanceStatisticsQuerySchema.safeParse({ period: 'month', month: '2026-11' }).success).toBe(
      true,
    );
    expect(attendanceStatisticsQuerySchema.safeParse({ period: 'month', date: TODAY }).success).toBe(false);
    expect(
      attendanceStatisticsQuerySchema.safeParse({ period: 'week', date: TODAY, groupBy: 'craft' }).success,
    ).toBe(true);
  });

  it('violation records take at most 9 photos', () => {
    const base = {
      projectId: ID,
      personId: ID,
      date: TODAY,
      description: '未系安全带',
      typeId: ID,
      itemId: ID,
    };
    expect(violationRecordCreateSchema.safeParse({ ...base, photos: Array(9).fill(ID) }).success).toBe(true);
    expect(violationRecordCreateSchema.safeParse({ ...base, photos: Array(10).fill(ID) }).success).toBe(
      false,
    );
  });
});
