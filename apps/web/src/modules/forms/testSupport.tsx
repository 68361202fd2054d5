import type { FormField } from '@lintel/contracts/forms';
import type { Structure } from '@lintel/contracts/org';
import type { FakeApi } from '../../test/fakeApi';
import { makeUser } from '../../test/fixtures';
import { makeProjectMember, TEST_AT, type TestProjectIds } from '../../test/project';

export const PROJECT_ID = '66f000000000000000000001';
const IDS: TestProjectIds = {
  projectId: PROJECT_ID,
  enterpriseId: '66f000000000000000000002',
  memberIdPrefix: '66f0000000000000000006',
};
export const ZHANGSAN = makeUser({ _id: '66f000000000000000000101', name: 'zhangsan', nickName: '张三' });
export const LISI = makeUser({ _id: '66f000000000000000000102', name: 'lisi', nickName: '李四' });
export const DEPARTMENT_ID = '66f000000000000000000201';
export const FILE_ID = '66f0000000000000000009a1';
export const SIGNATURE_ID = '66f0000000000000000009b1';

const structure: Structure = {
  _id: DEPARTMENT_ID,
  scopeType: 'project',
  scopeId: PROJECT_ID,
  parentId: null,
  name: '工程部',
  kind: 'department',
  order: 0,
  createdAt: TEST_AT,
  updatedAt: TEST_AT,
};

/** The project's members and departments the person and department fields look up. */
export function serveLookups(api: FakeApi) {
  api.on(`GET account-service/projects/${PROJECT_ID}/members`, {
    json: [makeProjectMember(IDS, ZHANGSAN, 0), makeProjectMember(IDS, LISI, 1)],
  });
  api.on(`GET account-service/projects/${PROJECT_ID}/structures`, { json: [structure] });
  api.on('POST base-service/files', { json: { pictures: [`/api/v1/base-service/files/${SIGNATURE_ID}`] } });
}

/** One field of every kind of spec 001 §3, in its order. */
export const ALL_KINDS: FormField[] = [
  { kind: 'description', key: 'intro', title: '填写说明', content: '请如实填写。' },
  { kind: 'text', key: 'name', title: '名称', required: true, hint: '工程名称' },
  { kind: 'textarea', key: 'notes', title: '备注', description: '可写多行' },
  { kind: 'datetime', key: 'day', title: '日期', dateType: 'date' },
  {
    kind: 'select',
    key: 'grade',
    title: '等级',
    options: [
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ],
  },
  {
    kind: 'multiSelect',
    key: 'tags',
    title: '标签',
    options: [
      { value: 'x', label: '安全' },
      { value: 'y', label: '质量' },
    ],
  },
  { kind: 'number', key: 'amount', title: '金额', precision: 2, min: 0, max: 1000, unit: '元' },
  { kind: 'image', key: 'photos', title: '照片', maxPictures: 3 },
  { kind: 'signature', key: 'sign', title: '签名' },
  { kind: 'address', key: 'place', title: '地址', showDetail: true },
  { kind: 'person', key: 'people', title: '人员', single: false },
  { kind: 'department', key: 'depts', title: '部门', single: true },
  {
    kind: 'subList',
    key: 'items',
    title: '明细',
    totals: ['qty'],
    columns: [
      { kind: 'text', key: 'label', title: '材料' },
      { kind: 'number', key: 'qty', title: '数量', precision: 0, required: true },
    ],
  },
  { kind: 'attachment', key: 'files', title: '附件', maxFiles: 2 },
  { kind: 'divider', key: 'line', title: '以下由审批人填写', lineType: 'dashed' },
  { kind: 'seal', key: 'stamp', title: '盖章', sealFileId: null },
];
