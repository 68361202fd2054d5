import {
  defaultWorkflowGraph,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
} from '@lintel/contracts/workflow';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { addMemberWithConsent } from '../../../test/membership';
import { json, keyOf, type Method, projectsOf, requester, signInPeople } from '../../../test/project-api';

/**
 * form-service (issue 18) through the real app and database: groups, templates and forms on the approval
 * engine. One world: demo administers projects P and Q; zhangsan, lisi and wangwu are members of P only;
 * sunqi is signed in but in no project of demo's. Workflow W (published in P): start → 审核 (lisi or
 * wangwu, any may sign; cc demo) → 批准 (demo) → end.
 */
type Who = 'demo' | 'zhangsan' | 'lisi' | 'wangwu' | 'sunqi';
const FS = '/api/v1/form-service';

let t: TestApp;
let cookies: Record<string, string>;
let ids: Record<string, string>;
let P: string;
let Q: string;
let W: string;
let call: (
  who: Who | null,
  method: Method,
  path: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

function ok<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return json<T>(response);
}
function refused(response: LightMyRequestResponse, status: number, key?: string) {
  expect(response.statusCode, response.body).toBe(status);
  if (key) expect(keyOf(response)).toBe(key);
  return json<{ key: string; details?: Array<{ path: string; key: string }>; current?: Detail }>(response);
}

type Approval = Extract<WorkflowNode, { kind: 'approval' }>;
function approval(id: string, name: string, extra: Partial<Approval>): Approval {
  const fresh = defaultWorkflowGraph({ start: '发起', approval: name, end: '结束' }).nodes.find(
    (node): node is Approval => node.kind === 'approval',
  )!;
  return { ...fresh, id, name, ...extra };
}
const edge = (from: string, to: string): WorkflowEdge => ({
  id: `${from}-${to}`,
  from,
  to,
  priority: 0,
  isDefault: false,
  conditions: [],
});
const people = (...who: Who[]) => [{ kind: 'members' as const, userIds: who.map((w) => ids[w]!) }];

const FIELDS = [
  { kind: 'text', key: 'title', title: '标题', required: true },
  { kind: 'number', key: 'amount', title: '金额', precision: 2, min: 0 },
  { kind: 'text', key: 'secret', title: '内部备注' },
];

interface Detail {
  _id: string;
  state: string;
  revision: number;
  handlers: string[];
  fields: Array<{ key: string }>;
  values: Record<string, unknown>;
  access: Record<string, string>;
  actions: string[];
  currentNode: { id: string; name: string } | null;
  instance: { revision: number } | null;
}

async function template(extra: Record<string, unknown> = {}, project = P): Promise<string> {
  return ok<{ _id: string }>(
    await call('demo', 'POST', `projects/${project}/form-templates`, {
      name: unique('费用申请'),
      fields: FIELDS,
      workflowTemplateId: W,
      settlers: [ids.lisi],
      fieldAccess: { review: { secret: 'hidden', amount: 'readonly' } },
      ...extra,
    }),
  )._id;
}
const submit = async (templateId: string, who: Who = 'zhangsan', values: Record<string, unknown> = {}) =>
  ok<Detail>(
    await call(who, 'POST', 'forms', {
      templateId,
      values: { title: '水泥采购', amount: 1200.5, secret: '供应商折扣', ...values },
      submit: true,
    }),
  );
const act = (who: Who, id: string, body: Record<string, unknown>) =>
  call(who, 'POST', `forms/${id}/actions`, body);
const count = async (who: Who, query: string) =>
  ok<{ count: number }>(await call(who, 'GET', `projects/${P}/forms?only_count=true&${query}`)).count;

beforeAll(async () => {
  t = await buildTestApp();
  const raw = requester(() => t);
  ({ cookies, ids } = await signInPeople(t, ['lisi', 'wangwu', 'sunqi']));
  call = (who, method, path, payload) =>
    raw(method, path.startsWith('/') ? path : `${FS}/${path}`, who ? cookies[who]! : null, payload);
  const [demoProject] = await projectsOf(t, cookies.demo!);
  const project = async (name: string) =>
    ok<{ _id: string }>(
      await call('demo', 'POST', `${ACCOUNT}/projects`, { name, enterpriseId: demoProject!.enterpriseId }),
    )._id;
  P = await project('表单测试项目');
  Q = await project('表单另一项目');
  for (const who of ['zhangsan', 'lisi', 'wangwu'] as const) {
    const added = await addMemberWithConsent(t.app, {
      scope: `projects/${P}`,
      adminCookie: cookies.demo!,
      userCookie: cookies[who]!,
      body: { userId: ids[who] },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  const graph: WorkflowGraph = {
    nodes: [
      { id: 'start', kind: 'start', name: '发起' },
      approval('review', '审核', { approvers: people('lisi', 'wangwu'), cc: people('demo'), mode: 'any' }),
      approval('approve', '批准', { approvers: people('demo'), mode: 'any' }),
      { id: 'end', kind: 'end', name: '结束' },
    ],
    edges: [edge('start', 'review'), edge('review', 'approve'), edge('approve', 'end')],
    controls: { allowChangePersonnel: false, allowRecall: true, showLog: true },
  };
  W = ok<{ _id: string }>(
    await call('demo', 'POST', `/api/v1/workflow-service/projects/${P}/workflow-templates`, {
      name: '费用审批',
      graph,
    }),
  )._id;
  ok(await call('demo', 'POST', `/api/v1/workflow-service/workflow-templates/${W}/publish`, {}));
});

afterAll(async () => {
  await t?.close();
});

describe('form template groups', () => {
  it('nest two levels, refuse a third and a taken name, and are read by members', async () => {
    const top = ok<{ _id: string }>(
      await call('demo', 'POST', `projects/${P}/form-template-groups`, { name: '财务' }),
    );
    const sub = ok<{ _id: string; parentId: string }>(
      await call('demo', 'POST', `projects/${P}/form-template-groups`, { name: '报销', parentId: top._id }),
    );
    expect(sub.parentId).toBe(top._id);
    refused(
      await call('demo', 'POST', `projects/${P}/form-template-groups`, { name: '差旅', parentId: sub._id }),
      400,
      'forms.groupTooDeep',
    );
    refused(
      await call('demo', 'POST', `projects/${P}/form-template-groups`, { name: '财务' }),
      409,
      'forms.groupNameTaken',
    );
    refused(await call('zhangsan', 'POST', `projects/${P}/form-template-groups`, { name: '成员' }), 403);
    refused(await call('sunqi', 'GET', `projects/${P}/form-template-groups`), 404);
    const names = ok<Array<{ name: string }>>(
      await call('zhangsan', 'GET', `projects/${P}/form-template-groups`),
    );
    expect(names.map((g) => g.name)).toEqual(['财务', '报销']);
    ok(await call('demo', 'PUT', `form-template-groups/${sub._id}`, { name: '报销单' }));
    refused(await call('zhangsan', 'PUT', `form-template-groups/${sub._id}`, { name: 'x' }), 403);

    await template({ groupId: sub._id });
    const asked = refused(
      await call('demo', 'DELETE', `form-template-groups/${top._id}`),
      409,
      'forms.groupDeleteConfirm',
    );
    expect((asked as unknown as { counts: unknown }).counts).toEqual({ subgroups: 1, templates: 1 });
    ok(await call('demo', 'DELETE', `form-template-groups/${top._id}?confirm=1`));
    expect(ok<unknown[]>(await call('demo', 'GET', `projects/${P}/form-template-groups`))).toEqual([]);
  });
});

describe('form templates', () => {
  it('are created by administrators with checked fields, workflow, settlers and field access', async () => {
    const id = await template();
    const read = ok<{ kind: string; fields: unknown[]; fieldAccess: unknown; revision: number }>(
      await call('zhangsan', 'GET', `form-templates/${id}`),
    );
    expect(read.kind).toBe('workflow');
    expect(read.fields).toHaveLength(3);
    expect(read.fieldAccess).toEqual({ review: { secret: 'hidden', amount: 'readonly' } });

    const bad = refused(
      await call('demo', 'POST', `projects/${P}/form-templates`, {
        name: unique('坏模板'),
        kind: 'plain',
        fields: [...FIELDS, { kind: 'number', key: 'amount', title: '重复', precision: 0, min: 5, max: 1 }],
      }),
      400,
      'forms.field.duplicateKey',
    );
    expect(bad.details?.map((d) => `${d.path} ${d.key}`)).toEqual([
      'fields.amount forms.field.duplicateKey',
      'fields.amount forms.field.rangeReversed',
    ]);
    refused(
      await call('demo', 'POST', `projects/${P}/form-templates`, { name: unique('无流程'), fields: FIELDS }),
      400,
      'forms.workflowRequired',
    );
    const draftWorkflow = ok<{ _id: string }>(
      await call('demo', 'POST', `/api/v1/workflow-service/projects/${P}/workflow-templates`, {
        name: '未发布',
      }),
    )._id;
    refused(
      await call('demo', 'POST', `projects/${P}/form-templates`, {
        name: unique('x'),
        workflowTemplateId: draftWorkflow,
      }),
      400,
      'forms.workflowNotPublished',
    );
    refused(
      await call('demo', 'POST', `projects/${Q}/form-templates`, {
        name: unique('x'),
        workflowTemplateId: W,
      }),
      400,
      'forms.workflowNotPublished',
    );
    const access = refused(
      await call('demo', 'POST', `projects/${P}/form-templates`, {
        name: unique('x'),
        fields: FIELDS,
        workflowTemplateId: W,
        fieldAccess: { nowhere: { title: 'hidden' }, review: { missing: 'hidden' } },
      }),
      400,
      'forms.accessUnknownNode',
    );
    expect(access.details?.map((d) => d.path)).toEqual(['fieldAccess.nowhere', 'fieldAccess.review.missing']);
    refused(
      await call('demo', 'POST', `projects/${P}/form-templates`, {
        name: unique('x'),
        workflowTemplateId: W,
        settlers: [ids.sunqi],
      }),
      400,
      'forms.settlerNotMember',
    );
    refused(
      await call('zhangsan', 'POST', `projects/${P}/form-templates`, { name: unique('x'), kind: 'plain' }),
      403,
    );
    refused(await call('sunqi', 'GET', `form-templates/${id}`), 404);
    const name = ok<{ name: string }>(await call('demo', 'GET', `form-templates/${id}`)).name;
    refused(
      await call('demo', 'POST', `projects/${P}/form-templates`, { name, kind: 'plain' }),
      409,
      'forms.templateNameTaken',
    );
  });

  it('refuse a stale revision with the current template, keep the revision on a status change, copy', async () => {
    const id = await template();
    const changed = ok<{ revision: number; name: string }>(
      await call('demo', 'PUT', `form-templates/${id}`, { revision: 1, description: '新说明' }),
    );
    expect(changed.revision).toBe(2);
    const stale = refused(
      await call('demo', 'PUT', `form-templates/${id}`, { revision: 1, description: '旧' }),
      409,
      'forms.staleTemplate',
    );
    expect((stale as unknown as { current: { revision: number } }).current.revision).toBe(2);
    refused(await call('zhangsan', 'PUT', `form-templates/${id}`, { revision: 2, description: 'x' }), 403);

    const disabled = ok<{ status: string; revision: number }>(
      await call('demo', 'PUT', `form-templates/${id}/status`, { status: 'disabled' }),
    );
    expect(disabled).toMatchObject({ status: 'disabled', revision: 2 });
    refused(await call('zhangsan', 'GET', `form-templates/${id}`), 404);
    const listed = ok<Array<{ _id: string }>>(
      await call('zhangsan', 'GET', `projects/${P}/form-templates?limit=200`),
    );
    expect(listed.some((row) => row._id === id)).toBe(false);
    refused(
      await call('zhangsan', 'POST', 'forms', { templateId: id, values: {} }),
      400,
      'forms.templateDisabled',
    );

    const copy = ok<{ name: string; status: string; revision: number }>(
      await call('demo', 'POST', `form-templates/${id}/copy`, {}),
    );
    expect(copy).toMatchObject({ name: `${changed.name} 副本`, status: 'disabled', revision: 1 });
    refused(
      await call('demo', 'PUT', `form-templates/${id}`, { revision: 2, workflowTemplateId: null }),
      400,
      'forms.workflowRequired',
    );
    refused(
      await call('demo', 'PUT', `form-templates/${id}`, {
        revision: 2,
        fields: [
          { kind: 'select', key: 'pick', title: '选择', options: [{ value: 'a', label: 'A' }], default: 'b' },
        ],
      }),
      400,
      'forms.field.defaultNotOption',
    );
    const plain = ok<{
      kind: string;
      workflowTemplateId: string | null;
      fieldAccess: unknown;
      revision: number;
    }>(await call('demo', 'PUT', `form-templates/${id}`, { revision: 2, kind: 'plain' }));
    expect(plain).toMatchObject({ kind: 'plain', workflowTemplateId: null, fieldAccess: {}, revision: 3 });
  });

  it('answer another project’s template as missing and keep a template that has forms', async () => {
    const other = await template(
      { kind: 'plain', workflowTemplateId: null, fieldAccess: {}, settlers: [] },
      Q,
    );
    refused(await call('zhangsan', 'GET', `form-templates/${other}`), 404);
    refused(await call('zhangsan', 'POST', 'forms', { templateId: other, values: {} }), 404);
    const used = await template();
    await submit(used);
    refused(await call('demo', 'DELETE', `form-templates/${used}`), 409, 'forms.templateInUse');
    const unused = await template();
    ok(await call('demo', 'DELETE', `form-templates/${unused}`));
    refused(await call('demo', 'GET', `form-templates/${unused}`), 404);
  });
});

describe('forms', () => {
  it('keep drafts to their initiator, check values with paths, and submit into the workflow', async () => {
    const templateId = await template();
    const draft = ok<Detail>(await call('zhangsan', 'POST', 'forms', { templateId, values: { amount: 3 } }));
    expect(draft).toMatchObject({ state: 'init', handlers: [], instance: null });
    expect(draft.actions).toEqual(['edit', 'submit', 'delete']);
    refused(await call('lisi', 'GET', `forms/${draft._id}`), 404);
    refused(await call('demo', 'PUT', `forms/${draft._id}`, { revision: 1, values: {} }), 404);
    refused(await call('sunqi', 'GET', `forms/${draft._id}`), 404);

    const wrong = refused(
      await call('zhangsan', 'PUT', `forms/${draft._id}`, {
        revision: 1,
        values: { title: '', amount: -1.234 },
        submit: true,
      }),
      400,
      'forms.value.required',
    );
    expect(wrong.details?.map((d) => `${d.path} ${d.key}`)).toEqual([
      'values.title forms.value.required',
      'values.amount forms.value.outOfRange',
    ]);
    refused(
      await call('zhangsan', 'POST', 'forms', { templateId, values: { nope: 1 } }),
      400,
      'forms.value.unknownField',
    );

    const sent = ok<Detail>(
      await call('zhangsan', 'PUT', `forms/${draft._id}`, {
        revision: 1,
        values: { title: '钢筋', amount: 88, secret: '内部' },
        submit: true,
      }),
    );
    expect(sent).toMatchObject({ state: 'processing', currentNode: { id: 'review', name: '审核' } });
    expect(sent.handlers.sort()).toEqual([ids.lisi, ids.wangwu].sort());
    refused(
      await call('zhangsan', 'PUT', `forms/${draft._id}`, { revision: sent.revision, values: {} }),
      409,
      'forms.wrongState',
    );

    // The handler of 审核 sees no internal note and may not change the amount.
    const forLisi = ok<Detail>(await call('lisi', 'GET', `forms/${draft._id}`));
    expect(forLisi.fields.map((f) => f.key)).toEqual(['title', 'amount']);
    expect(forLisi.values).toEqual({ title: '钢筋', amount: 88 });
    expect(forLisi.access).toEqual({ title: 'readonly', amount: 'readonly' });
    expect(forLisi.actions).toEqual(
      expect.arrayContaining(['pass', 'reject', 'forward', 'addSigner', 'comment']),
    );
    expect(ok<Detail>(await call('zhangsan', 'GET', `forms/${draft._id}`)).actions).toEqual(
      expect.arrayContaining(['recall', 'urge', 'close']),
    );
    refused(await call('zhangsan', 'DELETE', `forms/${draft._id}`), 403);
    refused(await call('sunqi', 'GET', `projects/${P}/forms`), 404);
  });

  it('run a full flow: two approvers at once (one 409), reject to the start, resubmit, complete, settle', async () => {
    const templateId = await template();
    const form = await submit(templateId);
    const before = await count('lisi', 'filter=todo');

    const [first, second] = await Promise.all([
      act('lisi', form._id, { action: 'pass', opinion: { text: '同意' } }),
      act('wangwu', form._id, { action: 'pass', opinion: { text: '同意' } }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses, `${first.body} ${second.body}`).toEqual([200, 409]);
    const loser = [first, second].find((r) => r.statusCode === 409)!;
    expect(keyOf(loser)).toBe('workflow.staleInstance');
    expect(json<{ current: Detail }>(loser).current).toMatchObject({
      state: 'processing',
      currentNode: { id: 'approve' },
      handlers: [ids.demo],
    });
    expect(await count('lisi', 'filter=todo')).toBe(before - 1);
    expect((await count('demo', 'filter=cc')) > 0).toBe(true);

    const rejected = ok<Detail>(
      await act('demo', form._id, { action: 'reject', target: 'start', opinion: { text: '补充' } }),
    );
    expect(rejected).toMatchObject({ state: 'reject', currentNode: null, handlers: [] });
    expect(rejected.actions).not.toContain('pass');
    expect(await count('zhangsan', `filter=todo&templateId=${templateId}`)).toBe(1);
    refused(await act('demo', form._id, { action: 'pass' }), 409);

    const again = ok<Detail>(await call('zhangsan', 'GET', `forms/${form._id}`));
    expect(again.actions).toEqual(expect.arrayContaining(['edit', 'resubmit']));
    const resubmitted = ok<Detail>(
      await call('zhangsan', 'PUT', `forms/${form._id}`, {
        revision: again.revision,
        values: { title: '水泥采购（补充）', amount: 1300 },
        submit: true,
      }),
    );
    expect(resubmitted).toMatchObject({ state: 'processing', currentNode: { id: 'review' } });
    ok(await act('wangwu', form._id, { action: 'pass' }));
    const done = ok<Detail>(await act('demo', form._id, { action: 'pass' }));
    expect(done).toMatchObject({ state: 'completed', handlers: [], currentNode: null });

    const log = ok<Array<{ action: string }>>(await call('zhangsan', 'GET', `forms/${form._id}/log`));
    expect(log.map((e) => e.action)).toEqual([
      'submit',
      'pass',
      'reject',
      'resubmit',
      'pass',
      'pass',
      'complete',
    ]);
    const chart = ok<{ nodes: Array<{ id: string; state: string }> }>(
      await call('lisi', 'GET', `forms/${form._id}/chart`),
    );
    expect(chart.nodes.map((n) => `${n.id}:${n.state}`)).toEqual([
      'start:done',
      'review:done',
      'approve:done',
      'end:done',
    ]);

    refused(await act('wangwu', form._id, { action: 'settle' }), 403, 'forms.notSettler');
    const settled = ok<Detail>(await act('lisi', form._id, { action: 'settle', revision: done.revision }));
    expect(settled.state).toBe('settled');
    refused(await act('lisi', form._id, { action: 'settle' }), 409, 'forms.wrongState');
    expect(await count('zhangsan', `filter=created&state=settled&templateId=${templateId}`)).toBe(1);
    expect(await count('wangwu', `filter=processed&templateId=${templateId}`)).toBe(1);
  });

  it('recall, urge once an hour, close; plain forms are executed; admins delete', async () => {
    const templateId = await template();
    const form = await submit(templateId);
    ok(await act('zhangsan', form._id, { action: 'urge' }));
    const soon = refused(await act('zhangsan', form._id, { action: 'urge' }), 429, 'workflow.urgeTooSoon');
    expect((soon as unknown as { nextAt: string | null }).nextAt).toBeTruthy();
    refused(await act('lisi', form._id, { action: 'recall' }), 403, 'workflow.notInitiator');
    const recalled = ok<Detail>(await act('zhangsan', form._id, { action: 'recall' }));
    expect(recalled.state).toBe('recall');
    refused(await call('lisi', 'GET', `projects/${P}/forms?filter=todo&templateId=${templateId}`), 200);
    expect(await count('lisi', `filter=todo&templateId=${templateId}`)).toBe(0);
    const closed = ok<Detail>(await act('zhangsan', form._id, { action: 'close' }));
    expect(closed.state).toBe('closed');
    refused(
      await act('zhangsan', form._id, { action: 'comment', opinion: { text: '晚了' } }),
      409,
      'workflow.instanceFinished',
    );

    const plain = await template({ kind: 'plain', workflowTemplateId: null, fieldAccess: {} });
    const recorded = await submit(plain);
    expect(recorded).toMatchObject({ state: 'executed', instance: null });
    refused(await act('zhangsan', recorded._id, { action: 'pass' }), 400, 'forms.noWorkflow');
    refused(await call('zhangsan', 'GET', `forms/${recorded._id}/chart`), 400, 'forms.noWorkflow');
    ok(await act('lisi', recorded._id, { action: 'settle' }));
    refused(await call('zhangsan', 'DELETE', `forms/${recorded._id}`), 403);
    ok(await call('demo', 'DELETE', `forms/${recorded._id}`));
    refused(await call('zhangsan', 'GET', `forms/${recorded._id}`), 404);
  });

  it('list by tab, state, template and name, with counts; another project’s forms stay unseen', async () => {
    const templateId = await template();
    const mine = await submit(templateId, 'zhangsan', { title: '独特的名称' });
    const rows = ok<Array<{ _id: string; templateName: string; state: string; handlers: string[] }>>(
      await call('zhangsan', 'GET', `projects/${P}/forms?filter=created&templateId=${templateId}`),
    );
    expect(rows.map((r) => r._id)).toEqual([mine._id]);
    expect(rows[0]!.handlers.sort()).toEqual([ids.lisi, ids.wangwu].sort());
    expect(await count('lisi', `filter=todo&templateId=${templateId}`)).toBe(1);
    expect(await count('lisi', `filter=created&templateId=${templateId}`)).toBe(0);
    expect(await count('lisi', `filter=mine&templateId=${templateId}`)).toBe(1);
    expect(
      await count('zhangsan', `filter=mine&templateId=${templateId}&name=${encodeURIComponent('独特')}`),
    ).toBe(0);
    expect(await count('zhangsan', `filter=mine&templateId=${templateId}`)).toBe(1);
    // The name is the form's (the template's by default), not a field's value.
    expect(
      await count('zhangsan', `filter=mine&templateId=${templateId}&name=${encodeURIComponent('申请')}`),
    ).toBe(1);
    expect(await count('demo', `filter=all&templateId=${templateId}`)).toBe(1);
    expect(await count('wangwu', `filter=all&templateId=${templateId}&state=completed`)).toBe(0);
    refused(await call('zhangsan', 'GET', `projects/${P}/forms?filter=everything`), 400);
    refused(await call('zhangsan', 'GET', `projects/${Q}/forms`), 404);
  });
});

describe('forms: rights', () => {
  it('let a forward target act and read, and never change a field the template makes read-only', async () => {
    const templateId = await template({
      fields: [...FIELDS, { kind: 'text', key: 'code', title: '编号', editable: false }],
    });
    const form = await submit(templateId);
    refused(
      await act('zhangsan', form._id, { action: 'forward', userId: ids.demo }),
      403,
      'workflow.notHandler',
    );
    refused(
      await act('lisi', form._id, { action: 'forward', userId: ids.sunqi }),
      400,
      'workflow.forwardTargetInvalid',
    );
    const forwarded = ok<Detail>(await act('lisi', form._id, { action: 'forward', userId: ids.zhangsan }));
    expect(forwarded.handlers.sort()).toEqual([ids.wangwu, ids.zhangsan].sort());
    expect(await count('lisi', `filter=processed&templateId=${templateId}`)).toBe(1);

    const draft = ok<Detail>(await call('zhangsan', 'POST', 'forms', { templateId, values: { title: 'a' } }));
    expect(draft.access.code).toBe('readonly');
    const locked = refused(
      await call('zhangsan', 'PUT', `forms/${draft._id}`, {
        revision: 1,
        values: { title: 'a', code: 'X1' },
      }),
      400,
      'forms.value.notEditable',
    );
    expect(locked.details?.[0]?.path).toBe('values.code');
    refused(await act('zhangsan', draft._id, { action: 'urge' }), 409, 'forms.wrongState');
  });

  it("applies the workflow node's own field access where the form template says nothing", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        { id: 'start', kind: 'start', name: '发起' },
        approval('check', '检查', {
          approvers: people('lisi'),
          mode: 'any',
          fieldAccess: { amount: 'hidden', title: 'editable' },
        }),
        { id: 'end', kind: 'end', name: '结束' },
      ],
      edges: [edge('start', 'check'), edge('check', 'end')],
      controls: { allowChangePersonnel: false, allowRecall: true, showLog: true },
    };
    const workflow = ok<{ _id: string }>(
      await call('demo', 'POST', `/api/v1/workflow-service/projects/${P}/workflow-templates`, {
        name: unique('检查流程'),
        graph,
      }),
    )._id;
    ok(await call('demo', 'POST', `/api/v1/workflow-service/workflow-templates/${workflow}/publish`, {}));
    const templateId = await template({
      workflowTemplateId: workflow,
      fieldAccess: { check: { title: 'readonly' } },
    });
    const form = await submit(templateId);
    const forLisi = ok<Detail>(await call('lisi', 'GET', `forms/${form._id}`));
    expect(forLisi.access).toEqual({ title: 'readonly', secret: 'readonly' });
    expect(Object.keys(forLisi.values).sort()).toEqual(['secret', 'title']);
  });

  it("answer another enterprise's templates and forms as missing", async () => {
    const enterprise = ok<{ _id: string }>(
      await call('sunqi', 'POST', `${ACCOUNT}/enterprises`, { name: '孙七建设' }),
    );
    const S = ok<{ _id: string }>(
      await call('sunqi', 'POST', `${ACCOUNT}/projects`, { name: '孙七项目', enterpriseId: enterprise._id }),
    )._id;
    refused(
      await call('sunqi', 'POST', `projects/${S}/form-templates`, { name: '借用', workflowTemplateId: W }),
      400,
      'forms.workflowNotPublished',
    );
    const theirs = ok<{ _id: string; revision: number }>(
      await call('sunqi', 'POST', `projects/${S}/form-templates`, {
        name: '日报',
        kind: 'plain',
        fields: FIELDS,
      }),
    );
    const form = ok<Detail>(
      await call('sunqi', 'POST', 'forms', {
        templateId: theirs._id,
        values: { title: '日报' },
        submit: true,
      }),
    );
    expect(form.state).toBe('executed');
    for (const who of ['demo', 'zhangsan'] as const) {
      refused(await call(who, 'GET', `form-templates/${theirs._id}`), 404);
      refused(await call(who, 'PUT', `form-templates/${theirs._id}`, { revision: 1, name: 'x' }), 404);
      refused(await call(who, 'POST', 'forms', { templateId: theirs._id, values: {} }), 404);
      refused(await call(who, 'GET', `forms/${form._id}`), 404);
      refused(await act(who, form._id, { action: 'settle' }), 404);
      refused(await call(who, 'DELETE', `forms/${form._id}`), 404);
      refused(await call(who, 'GET', `projects/${S}/forms`), 404);
    }
    refused(await call('sunqi', 'GET', `form-templates/${await template()}`), 404);
    refused(await call(null, 'GET', `forms/${form._id}`), 401);
  });
});
