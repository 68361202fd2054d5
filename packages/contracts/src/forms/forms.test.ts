import { describe, expect, it } from 'vitest';
import { idNumberCheckCharacter } from '../personnel/idNumber';
import {
  checkFieldDefinitions,
  checkFormValues,
  FIELD_KINDS,
  type FormField,
  formFieldSchema,
  formFieldsSchema,
} from './index';

const FILE_1 = '0123456789abcdef01234567';
const FILE_2 = '0123456789abcdef01234568';
const ID_17 = '11010519491231002';
const VALID_ID = ID_17 + idNumberCheckCharacter(ID_17);

/** One field of every kind, as a designer would save them. */
const everyKind: FormField[] = [
  { key: 'intro', kind: 'description', title: '说明', content: '请如实填写' },
  { key: 'title', kind: 'text', title: '标题', required: true, maxLength: 20 },
  { key: 'phone', kind: 'text', title: '联系电话', format: 'mobile' },
  { key: 'remark', kind: 'textarea', title: '备注', maxLength: 10 },
  { key: 'day', kind: 'datetime', title: '日期', dateType: 'date' },
  { key: 'at', kind: 'datetime', title: '时间', dateType: 'datetime' },
  {
    key: 'trade',
    kind: 'select',
    title: '专业',
    options: [
      { value: 'civil', label: '土建' },
      { value: 'mep', label: '机电' },
    ],
  },
  {
    key: 'tags',
    kind: 'multiSelect',
    title: '标签',
    maxSelected: 2,
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
      { value: 'c', label: 'C' },
    ],
  },
  { key: 'amount', kind: 'number', title: '金额', precision: 2, min: 0, max: 1_000_000, unit: '元' },
  { key: 'photos', kind: 'image', title: '照片', maxPictures: 1 },
  { key: 'sign', kind: 'signature', title: '签名' },
  { key: 'where', kind: 'address', title: '地点', showDetail: true },
  { key: 'owner', kind: 'person', title: '负责人', single: true },
  { key: 'depts', kind: 'department', title: '部门', single: false },
  {
    key: 'items',
    kind: 'subList',
    title: '明细',
    minRows: 1,
    maxRows: 3,
    totals: ['qty'],
    columns: [
      { key: 'name', kind: 'text', title: '名称', required: true },
      { key: 'qty', kind: 'number', title: '数量', precision: 0, min: 1 },
    ],
  },
  { key: 'files', kind: 'attachment', title: '附件', maxFiles: 2 },
  { key: 'line', kind: 'divider', title: '分割线', lineType: 'dashed' },
  { key: 'stamp', kind: 'seal', title: '公章', sealFileId: FILE_1 },
];

const good = {
  title: '钢筋进场验收',
  phone: '13800138000',
  remark: '无',
  day: '2026-11-27',
  at: '2026-11-27T08:30:00+08:00',
  trade: 'civil',
  tags: ['a', 'c'],
  amount: 12345.67,
  photos: [FILE_1],
  sign: FILE_2,
  where: { region: ['11', '1101', '110105'], detail: '朝阳路 1 号' },
  owner: [FILE_1],
  depts: [FILE_1, FILE_2],
  items: [{ name: 'HRB400', qty: 12 }],
  files: [FILE_1, FILE_2],
  stamp: true,
};

describe('form fields', () => {
  it('has a schema for each of the sixteen kinds of spec 001 §3 and accepts a field of each', () => {
    expect(FIELD_KINDS).toHaveLength(16);
    expect(new Set(everyKind.map((field) => field.kind))).toEqual(new Set(FIELD_KINDS));
    expect(formFieldsSchema.safeParse(everyKind).success).toBe(true);
    expect(checkFieldDefinitions(everyKind)).toEqual([]);
  });

  it('refuses shapes zod can see: a sub-list inside a sub-list, a select without options, a bad key', () => {
    const nested = {
      key: 'outer',
      kind: 'subList',
      title: 'x',
      columns: [{ ...everyKind[14], key: 'inner' }],
    };
    expect(formFieldSchema.safeParse(nested).success).toBe(false);
    expect(formFieldSchema.safeParse({ key: 's', kind: 'select', title: 'x', options: [] }).success).toBe(
      false,
    );
    expect(formFieldSchema.safeParse({ key: '1abc', kind: 'signature', title: 'x' }).success).toBe(false);
  });

  it('names what the designer got wrong: repeated keys and options, reversed ranges, defaults that do not fit', () => {
    const fields: FormField[] = [
      { key: 'a', kind: 'signature', title: 'x' },
      { key: 'a', kind: 'number', title: 'y', precision: 0, min: 10, max: 1, default: 20 },
      {
        key: 's',
        kind: 'select',
        title: 'z',
        default: 'nope',
        options: [
          { value: 'v', label: '1' },
          { value: 'v', label: '2' },
        ],
      },
      {
        key: 'rows',
        kind: 'subList',
        title: 'r',
        minRows: 5,
        maxRows: 2,
        totals: ['label'],
        columns: [
          { key: 'label', kind: 'text', title: 'l' },
          { key: 'label', kind: 'text', title: 'l2' },
        ],
      },
    ];
    expect(checkFieldDefinitions(fields)).toEqual([
      { key: 'forms.field.duplicateKey', path: 'a' },
      { key: 'forms.field.rangeReversed', path: 'a' },
      { key: 'forms.field.defaultOutOfRange', path: 'a' },
      { key: 'forms.field.duplicateOption', path: 's' },
      { key: 'forms.field.defaultNotOption', path: 's' },
      { key: 'forms.field.rowsReversed', path: 'rows' },
      { key: 'forms.field.totalNotNumber', path: 'rows.label' },
      { key: 'forms.field.duplicateKey', path: 'rows.label' },
    ]);
  });
});

describe('form values', () => {
  it('accepts a good value of every kind and stores exactly the fields that take one', () => {
    const { values, problems } = checkFormValues(everyKind, good);
    expect(problems).toEqual([]);
    expect(values).toEqual(good);
  });

  it('says which field is wrong and why, with the path into a sub-list row', () => {
    const bad = {
      ...good,
      title: '',
      phone: '12345',
      remark: '一二三四五六七八九十十一',
      day: '2026-02-30',
      at: '2026-11-27 08:30',
      trade: 'steel',
      tags: ['a', 'b', 'c'],
      amount: 1.234,
      photos: [FILE_1, FILE_2],
      sign: 'not-a-file',
      where: { region: ['11'], detail: 'x'.repeat(201) },
      owner: [FILE_1, FILE_2],
      items: [
        { name: '', qty: 0.5 },
        { qty: 1, colour: 'red' },
      ],
      stamp: 'yes',
      extra: 1,
    };
    const { problems } = checkFormValues(everyKind, bad);
    expect(problems).toEqual([
      { key: 'forms.value.unknownField', path: 'extra' },
      { key: 'forms.value.required', path: 'title' },
      { key: 'forms.value.format', path: 'phone', params: { format: 'mobile' } },
      { key: 'forms.value.tooLong', path: 'remark', params: { max: 10 } },
      { key: 'forms.value.date', path: 'day', params: { dateType: 'date' } },
      { key: 'forms.value.date', path: 'at', params: { dateType: 'datetime' } },
      { key: 'forms.value.notOption', path: 'trade' },
      { key: 'forms.value.tooMany', path: 'tags', params: { max: 2 } },
      { key: 'forms.value.precision', path: 'amount', params: { precision: 2 } },
      { key: 'forms.value.tooMany', path: 'photos', params: { max: 1 } },
      { key: 'forms.value.wrongType', path: 'sign' },
      { key: 'forms.value.tooLong', path: 'where.detail', params: { max: 200 } },
      { key: 'forms.value.tooMany', path: 'owner', params: { max: 1 } },
      { key: 'forms.value.required', path: 'items[0].name' },
      { key: 'forms.value.outOfRange', path: 'items[0].qty', params: { min: 1, max: '' } },
      { key: 'forms.value.unknownField', path: 'items[1].colour' },
      { key: 'forms.value.required', path: 'items[1].name' },
      { key: 'forms.value.wrongType', path: 'stamp' },
    ]);
  });

  it('checks ID numbers and e-mail formats, and whole numbers written with a trailing zero', () => {
    const fields: FormField[] = [
      { key: 'id', kind: 'text', title: '身份证', format: 'idCard' },
      { key: 'mail', kind: 'text', title: '邮箱', format: 'email' },
      { key: 'n', kind: 'number', title: 'n', precision: 0 },
    ];
    expect(checkFormValues(fields, { id: VALID_ID, mail: 'a@b.cn', n: 3.0 }).problems).toEqual([]);
    expect(
      checkFormValues(fields, { id: `${ID_17}0`, mail: 'a@b', n: 3.5 }).problems.map((p) => p.key),
    ).toEqual(['forms.value.format', 'forms.value.format', 'forms.value.precision']);
  });

  it('lets a draft leave required fields and rows empty, never a wrong value', () => {
    const draft = checkFormValues(everyKind, { amount: 5 }, { draft: true });
    expect(draft.problems).toEqual([]);
    expect(draft.values.amount).toBe(5);
    expect(draft.values.title).toBeNull();
    expect(checkFormValues(everyKind, { amount: -1 }, { draft: true }).problems).toEqual([
      { key: 'forms.value.outOfRange', path: 'amount', params: { min: 0, max: 1_000_000 } },
    ]);
    expect(checkFormValues(everyKind, { ...good, items: [] }).problems).toEqual([
      { key: 'forms.value.tooFew', path: 'items', params: { min: 1 } },
    ]);
  });

  it('keeps what the actor may not change as it was, and refuses a changed value for it', () => {
    const previous = { ...good };
    const access = { title: 'readonly', amount: 'hidden', remark: 'required' } as const;
    const same = checkFormValues(everyKind, { ...good, remark: '改了' }, { access, previous });
    expect(same.problems).toEqual([]);
    expect(same.values.remark).toBe('改了');

    const changed = checkFormValues(
      everyKind,
      { ...good, title: '换个标题', amount: 1, remark: '' },
      { access, previous },
    );
    expect(changed.problems).toEqual([
      { key: 'forms.value.notEditable', path: 'title' },
      { key: 'forms.value.required', path: 'remark' },
      { key: 'forms.value.notEditable', path: 'amount' },
    ]);
    expect(changed.values.title).toBe(good.title);
    expect(changed.values.amount).toBe(good.amount);

    // Not sending a field keeps it: an approver's save carries only the fields they edit.
    const partial = checkFormValues(everyKind, { remark: '只改备注' }, { access, previous });
    expect(partial.problems).toEqual([]);
    expect(partial.values).toEqual({ ...good, remark: '只改备注' });
  });

  it('follows the template: a field hidden or read-only for the initiator keeps its (empty) value', () => {
    const fields: FormField[] = [
      { key: 'secret', kind: 'text', title: '内部', visible: false, required: true },
      { key: 'fixed', kind: 'text', title: '固定', editable: false },
    ];
    expect(checkFormValues(fields, {}).problems).toEqual([]);
    expect(checkFormValues(fields, { fixed: 'x' }).problems).toEqual([
      { key: 'forms.value.notEditable', path: 'fixed' },
    ]);
  });
});
