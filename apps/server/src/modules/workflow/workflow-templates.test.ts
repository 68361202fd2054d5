import type { WorkflowEdge, WorkflowGraph, WorkflowNode } from '@lintel/contracts/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, type TestApp } from '../../../test/helper';
import { json, keyOf, type Method } from '../../../test/project-api';
import { withWorkflowTables } from './tables';
import {
  approvalNode as approval,
  END,
  edgeBetween as edge,
  ok,
  START,
  unique,
  WF,
  type WorkflowWorld,
  workflowGraph,
  workflowWorld,
} from './test-support';

/**
 * workflow-service groups and templates (issue 18) through the real app: demo administers project P,
 * zhangsan is a plain member of it, lisi is signed in but not of P, sunqi administers project Q of another
 * enterprise. One world for the file; each test makes its own records with unique names.
 */
type Who = 'demo' | 'zhangsan' | 'lisi' | 'sunqi' | null;

let t: TestApp;
let cookies: Record<string, string>;
let ids: Record<string, string>;
let P: string;
let Q: string;
let department: string;
let permissionTemplate: string;
let foreignDepartment: string;
let foreignPermissionTemplate: string;
let call: WorkflowWorld<'lisi' | 'sunqi'>['call'];

// ── graphs ──

const CONDITION = [{ field: 'amount', op: 'gt' as const, value: 1000 }];
const graph = (nodes: WorkflowNode[], edges: WorkflowEdge[], allowChangePersonnel = false): WorkflowGraph =>
  workflowGraph(nodes, edges, { allowChangePersonnel });
/** start → 部门审批 → end: a valid graph. */
const valid = () =>
  graph([START, approval('a1', '部门审批'), END], [edge('e1', 'start', 'a1'), edge('e2', 'a1', 'end')]);

async function createTemplate(body: Record<string, unknown> = {}, who: Who = 'demo') {
  return ok<Template>(
    await call(who, 'POST', `projects/${P}/workflow-templates`, { name: unique('流程'), ...body }),
  );
}
async function createGroup(body: Record<string, unknown> = {}, project = P) {
  return ok<{ _id: string; name: string }>(
    await call('demo', 'POST', `projects/${project}/workflow-groups`, { name: unique('分组'), ...body }),
  );
}

interface Template {
  _id: string;
  name: string;
  revision: number;
  status: string;
  groupId: string | null;
  publishedVersion: number | null;
  hasUnpublishedChanges: boolean;
  graph?: WorkflowGraph;
  published?: { version: number; graph: WorkflowGraph; name: string } | null;
}

beforeAll(async () => {
  ({ t, cookies, ids, call, P, department, permissionTemplate } = await workflowWorld({
    projectName: '审批流程测试项目',
    people: ['lisi', 'sunqi'],
    members: [{ who: 'zhangsan' }],
  }));

  const enterprise = ok<{ _id: string }>(
    await call('sunqi', 'POST', `${ACCOUNT}/enterprises`, { name: '孙七建设' }),
  );
  Q = ok<{ _id: string }>(
    await call('sunqi', 'POST', `${ACCOUNT}/projects`, { name: '孙七项目', enterpriseId: enterprise._id }),
  )._id;
  foreignDepartment = ok<{ _id: string }>(
    await call('sunqi', 'POST', `${ACCOUNT}/projects/${Q}/structures`, { name: '外部门' }),
  )._id;
  foreignPermissionTemplate = ok<{ _id: string }>(
    await call('sunqi', 'POST', `${ACCOUNT}/projects/${Q}/templates`, { name: '外模板', grants: {} }),
  )._id;
});

afterAll(async () => {
  await t?.close();
});

describe('workflow groups', () => {
  it('nest two levels with names unique among siblings; members read them; outsiders see nothing', async () => {
    const top = await createGroup({ name: '质量' });
    const sub = ok<{ parentId: string; projectId: string }>(
      await call('demo', 'POST', `projects/${P}/workflow-groups`, { name: '质量', parentId: top._id }),
    );
    expect(sub).toMatchObject({ parentId: top._id, projectId: P });
    const subId = (sub as unknown as { _id: string })._id;

    const taken = await call('demo', 'POST', `projects/${P}/workflow-groups`, { name: '质量' }, 'en-US');
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({
      key: 'workflow.groupNameTaken',
      message: 'A group with this name already exists at this level',
    });
    const third = await call('demo', 'POST', `projects/${P}/workflow-groups`, {
      name: '三级',
      parentId: subId,
    });
    expect([third.statusCode, keyOf(third)]).toEqual([400, 'workflow.groupTooDeep']);
    const foreignParent = await call('demo', 'POST', `projects/${P}/workflow-groups`, {
      name: '外',
      parentId: (await createGroupIn(Q))._id,
    });
    expect([foreignParent.statusCode, keyOf(foreignParent)]).toEqual([400, 'workflow.groupNotFound']);
    const blank = await call('demo', 'POST', `projects/${P}/workflow-groups`, { name: '  ' });
    expect([blank.statusCode, keyOf(blank)]).toEqual([400, 'common.validation']);

    // Rename, and moves: a group with subgroups cannot go below another; a leaf can.
    const other = await createGroup();
    const moveParent = await call('demo', 'PUT', `workflow-groups/${top._id}`, { parentId: other._id });
    expect([moveParent.statusCode, keyOf(moveParent)]).toEqual([400, 'workflow.groupTooDeep']);
    expect(ok(await call('demo', 'PUT', `workflow-groups/${subId}`, { parentId: other._id }))).toMatchObject({
      parentId: other._id,
    });
    expect(ok(await call('demo', 'PUT', `workflow-groups/${subId}`, { name: '质量二' }))).toMatchObject({
      name: '质量二',
    });
    const clash = await call('demo', 'PUT', `workflow-groups/${other._id}`, { name: '质量' });
    expect([clash.statusCode, keyOf(clash)]).toEqual([409, 'workflow.groupNameTaken']);
    const empty = await call('demo', 'PUT', `workflow-groups/${other._id}`, {});
    expect(empty.statusCode).toBe(400);

    const listed = ok<Array<{ _id: string; parentId: string | null }>>(
      await call('zhangsan', 'GET', `projects/${P}/workflow-groups`),
    );
    expect(listed.find((group) => group._id === subId)?.parentId).toBe(other._id);
    expect((await call('lisi', 'GET', `projects/${P}/workflow-groups`)).statusCode).toBe(404);
    expect((await call('sunqi', 'GET', `projects/${P}/workflow-groups`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `projects/${P}/workflow-groups`)).statusCode).toBe(401);
    expect(
      (await call('zhangsan', 'POST', `projects/${P}/workflow-groups`, { name: '成员' })).statusCode,
    ).toBe(403);
    expect((await call('zhangsan', 'PUT', `workflow-groups/${subId}`, { name: 'x' })).statusCode).toBe(403);
    expect((await call('sunqi', 'PUT', `workflow-groups/${subId}`, { name: 'x' })).statusCode).toBe(404);
    expect((await call('sunqi', 'DELETE', `workflow-groups/${subId}`)).statusCode).toBe(404);
  });

  it('deletes a group with its subgroups, templates and versions only with the confirmed count', async () => {
    const top = await createGroup();
    const sub = await createGroup({ parentId: top._id });
    const inTop = await createTemplate({ groupId: top._id, graph: valid() });
    await createTemplate({ groupId: sub._id });
    ok(await call('demo', 'POST', `workflow-templates/${inTop._id}/publish`, {}));

    for (const query of ['', '?confirm=1', '?confirm=3']) {
      const refused = await call('demo', 'DELETE', `workflow-groups/${top._id}${query}`, undefined, 'en-US');
      expect(refused.statusCode, query).toBe(409);
      expect(json(refused)).toMatchObject({
        key: 'workflow.groupDeleteConfirm',
        counts: { subgroups: 1, templates: 2 },
        message:
          'Deleting this group also deletes its subgroups (1) and workflow templates (2). Confirm to delete them',
      });
    }
    expect(json(await call('demo', 'DELETE', `workflow-groups/${top._id}`))).toMatchObject({
      message: '删除该分组将同时删除 1 个子分组和 2 个流程模板，请确认后再删除',
    });
    // The member and the other tenant are refused before anything is counted.
    expect((await call('zhangsan', 'DELETE', `workflow-groups/${top._id}?confirm=2`)).statusCode).toBe(403);
    expect((await call('demo', 'GET', `workflow-templates/${inTop._id}`)).statusCode).toBe(200);

    ok(await call('demo', 'DELETE', `workflow-groups/${top._id}?confirm=2`));
    const db = withWorkflowTables(t.db.db);
    expect(
      await db.selectFrom('workflow_groups').select('id').where('id', 'in', [top._id, sub._id]).execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('workflow_templates')
        .select('id')
        .where('group_id', 'in', [top._id, sub._id])
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('workflow_template_versions')
        .select('id')
        .where('template_id', '=', inTop._id)
        .execute(),
    ).toEqual([]);
    expect((await call('demo', 'GET', `workflow-templates/${inTop._id}`)).statusCode).toBe(404);

    // An empty group needs no confirmation.
    const lonely = await createGroup();
    ok(await call('demo', 'DELETE', `workflow-groups/${lonely._id}`));
    expect((await call('demo', 'DELETE', `workflow-groups/${lonely._id}`)).statusCode).toBe(404);

    const audit = await auditEntries('workflow.groupDeleted', top._id);
    expect(audit).toMatchObject([{ actor_id: ids.demo, project_id: P, target_type: 'workflowGroup' }]);
  });
});

async function createGroupIn(project: string) {
  return ok<{ _id: string }>(
    await call('sunqi', 'POST', `projects/${project}/workflow-groups`, { name: unique('外分组') }),
  );
}

async function auditEntries(action: string, targetId: string) {
  // biome-ignore lint/suspicious/noExplicitAny: the audit module's table, read as the audit tests do
  const db = t.db.db as any;
  return db
    .selectFrom('audit_entries')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute() as Promise<Array<Record<string, unknown>>>;
}

describe('workflow templates', () => {
  it('creates with a default draft in the caller’s language, lists with filters and pages, refuses bad input', async () => {
    const group = await createGroup();
    const zh = await createTemplate({ name: '请款 100%_审批', groupId: group._id, description: '说明' });
    expect(zh).toMatchObject({
      groupId: group._id,
      status: 'enabled',
      revision: 1,
      publishedVersion: null,
      hasUnpublishedChanges: true,
      published: null,
    });
    expect(zh.graph?.nodes.map((node) => node.name)).toEqual(['发起', '审批', '结束']);
    const en = ok<Template>(
      await call(
        'demo',
        'POST',
        `projects/${P}/workflow-templates`,
        { name: unique('Flow'), status: 'disabled' },
        'en-US',
      ),
    );
    expect(en.graph?.nodes.map((node) => node.name)).toEqual(['Start', 'Approval', 'End']);

    const list = (query: string, who: Who = 'demo') =>
      call(who, 'GET', `projects/${P}/workflow-templates${query}`).then((r) => ok<Template[]>(r));
    expect((await list(`?groupId=${group._id}`)).map((row) => row._id)).toEqual([zh._id]);
    expect((await list('?groupId=none&limit=200')).map((row) => row._id)).toContain(en._id);
    expect((await list('?groupId=none&limit=200')).map((row) => row._id)).not.toContain(zh._id);
    expect((await list('?status=disabled&limit=200')).map((row) => row._id)).toContain(en._id);
    expect((await list('?status=disabled&limit=200')).map((row) => row._id)).not.toContain(zh._id);
    // The name search is a plain substring: % and _ are literal.
    expect((await list(`?name=${encodeURIComponent('100%_')}`)).map((row) => row._id)).toEqual([zh._id]);
    expect(await list(`?name=${encodeURIComponent('0%x')}`)).toEqual([]);
    expect((await list('?limit=200'))[0]?.graph).toBeUndefined();
    const count = ok<{ count: number }>(
      await call('demo', 'GET', `projects/${P}/workflow-templates?only_count=true`),
    );
    const firstTwo = await list('?limit=2');
    const second = await list('?skip=1&limit=1');
    expect(firstTwo).toHaveLength(2);
    expect(second[0]?._id).toBe(firstTwo[1]?._id);
    expect(count.count).toBeGreaterThanOrEqual(2);

    const taken = await call('demo', 'POST', `projects/${P}/workflow-templates`, { name: zh.name });
    expect([taken.statusCode, keyOf(taken)]).toEqual([409, 'workflow.templateNameTaken']);
    for (const body of [
      { name: 'x'.repeat(51) },
      { name: '' },
      { name: unique('流程'), extra: 1 },
      { name: unique('流程'), status: 'paused' },
      { name: unique('流程'), graph: { nodes: [], edges: [] } },
    ]) {
      const refused = await call('demo', 'POST', `projects/${P}/workflow-templates`, body);
      expect([refused.statusCode, keyOf(refused)], JSON.stringify(body)).toEqual([400, 'common.validation']);
    }
    const foreignGroup = await call('demo', 'POST', `projects/${P}/workflow-templates`, {
      name: unique('流程'),
      groupId: (await createGroupIn(Q))._id,
    });
    expect([foreignGroup.statusCode, keyOf(foreignGroup)]).toEqual([400, 'workflow.groupNotFound']);
    expect((await call('demo', 'GET', `projects/${P}/workflow-templates?limit=500`)).statusCode).toBe(400);
    expect((await call('demo', 'GET', `projects/${P}/workflow-templates?order=name`)).statusCode).toBe(400);
  });

  it('checks approver sources against the project when saving, naming the node', async () => {
    const withSources = (sources: unknown[]) =>
      graph(
        [
          START,
          approval('a1', '部门审批', {
            approvers: sources as never,
            cc: [{ kind: 'members', userIds: [ids.zhangsan!] }],
          }),
          END,
        ],
        [edge('e1', 'start', 'a1'), edge('e2', 'a1', 'end')],
      );
    const good = await createTemplate({
      graph: withSources([
        { kind: 'members', userIds: [ids.demo, ids.zhangsan] },
        { kind: 'department', departmentId: department },
        { kind: 'template', templateId: permissionTemplate },
      ]),
    });
    expect(good.graph?.nodes[1]).toMatchObject({
      approvers: [{ kind: 'members' }, { kind: 'department' }, { kind: 'template' }],
    });

    const cases: Array<[unknown, string, string]> = [
      [
        { kind: 'members', userIds: [ids.lisi] },
        'workflow.approverNotMember',
        'names people who are not members',
      ],
      [
        { kind: 'department', departmentId: foreignDepartment },
        'workflow.departmentNotFound',
        'names a department',
      ],
      [
        { kind: 'template', templateId: foreignPermissionTemplate },
        'workflow.permissionTemplateNotFound',
        'names a permission template',
      ],
    ];
    for (const [source, key, text] of cases) {
      const created = await call(
        'demo',
        'POST',
        `projects/${P}/workflow-templates`,
        { name: unique('流程'), graph: withSources([source]) },
        'en-US',
      );
      expect(created.statusCode, created.body).toBe(400);
      expect(json(created)).toMatchObject({
        key,
        message: expect.stringContaining(`Node "部门审批" ${text}`),
        details: [{ path: 'nodes.a1', key }],
      });
      const saved = await call('demo', 'PUT', `workflow-templates/${good._id}`, {
        revision: good.revision,
        graph: withSources([source]),
      });
      expect([saved.statusCode, keyOf(saved)]).toEqual([400, key]);
    }
    // Nothing was saved by the refused edits.
    expect(ok<Template>(await call('demo', 'GET', `workflow-templates/${good._id}`)).revision).toBe(
      good.revision,
    );
  });

  it('answers every structure problem at publish with its node, in both languages', async () => {
    const template = await createTemplate();
    const many = Array.from({ length: 11 }, (_, i) => approval(`m${i}`, `并行${i}`));
    const cases: Array<{ rule: string; graph: WorkflowGraph; path: string; name?: string }> = [
      {
        rule: 'workflow.duplicateNodeId',
        graph: graph(
          [START, approval('a1', '部门审批'), approval('a1', '重复'), END],
          [edge('e1', 'start', 'a1'), edge('e2', 'a1', 'end')],
        ),
        path: 'nodes.a1',
      },
      {
        rule: 'workflow.duplicateEdgeId',
        graph: graph(
          [START, approval('a1', '部门审批'), END],
          [edge('e1', 'start', 'a1'), edge('e1', 'a1', 'end')],
        ),
        path: 'edges.e1',
      },
      {
        rule: 'workflow.startCount',
        graph: graph(
          [START, { ...START, id: 's2' }, approval('a1', '部门审批'), END],
          [edge('e1', 'start', 'a1'), edge('e0', 's2', 'a1'), edge('e2', 'a1', 'end')],
        ),
        path: 'graph',
      },
      {
        rule: 'workflow.endCount',
        graph: graph([START, approval('a1', '部门审批')], [edge('e1', 'start', 'a1')]),
        path: 'graph',
      },
      {
        rule: 'workflow.noApprovalNode',
        graph: graph([START, END], [edge('e1', 'start', 'end')]),
        path: 'graph',
      },
      {
        rule: 'workflow.edgeUnknownNode',
        graph: graph(
          [START, approval('a1', '部门审批'), END],
          [edge('e1', 'start', 'a1'), edge('e2', 'a1', 'end'), edge('e3', 'a1', 'ghost')],
        ),
        path: 'edges.e3',
      },
      {
        rule: 'workflow.edgeToItself',
        graph: graph(
          [START, approval('a1', '部门审批'), END],
          [edge('e1', 'start', 'a1'), edge('e2', 'a1', 'end'), edge('e3', 'a1', 'a1')],
        ),
        path: 'nodes.a1',
        name: '部门审批',
      },
      {
        rule: 'workflow.duplicateEdge',
        graph: graph(
          [START, approval('a1', '部门审批'), END],
          [edge('e1', 'start', 'a1'), edge('e2', 'a1', 'end'), edge('e3', 'a1', 'end')],
        ),
        path: 'nodes.a1',
        name: '部门审批',
      },
      {
        rule: 'workflow.startHasInput',
        graph: graph(
          [START, approval('a1', '部门审批'), END],
          [
            edge('e1', 'start', 'a1'),
            edge('e2', 'a1', 'end'),
            edge('e3', 'a1', 'start', { isDefault: true }),
          ],
        ),
        path: 'nodes.start',
        name: '发起',
      },
      {
        rule: 'workflow.endHasOutput',
        graph: graph(
          [START, approval('a1', '部门审批'), END],
          [edge('e1', 'start', 'a1'), edge('e2', 'a1', 'end'), edge('e3', 'end', 'a1')],
        ),
        path: 'nodes.end',
        name: '结束',
      },
      {
        rule: 'workflow.noInput',
        graph: graph(
          [START, approval('a1', '部门审批'), approval('a2', '孤立'), END],
          [edge('e1', 'start', 'a1'), edge('e2', 'a1', 'end'), edge('e3', 'a2', 'end')],
        ),
        path: 'nodes.a2',
        name: '孤立',
      },
      {
        rule: 'workflow.noOutput',
        graph: graph(
          [START, approval('a1', '部门审批'), approval('a2', '死路'), END],
          [
            edge('e1', 'start', 'a1'),
            edge('e2', 'a1', 'end', { isDefault: true }),
            edge('e3', 'a1', 'a2', { priority: 1, conditions: CONDITION }),
          ],
        ),
        path: 'nodes.a2',
        name: '死路',
      },
      {
        rule: 'workflow.tooManyInputs',
        graph: graph(
          [START, ...many, END],
          [
            ...many.map((node) => edge(`s-${node.id}`, 'start', node.id)),
            ...many.map((node) => edge(`${node.id}-e`, node.id, 'end')),
          ],
        ),
        path: 'nodes.end',
        name: '结束',
      },
      {
        rule: 'workflow.tooManyOutputs',
        graph: graph(
          [START, ...many, END],
          [
            ...many.map((node) => edge(`s-${node.id}`, 'start', node.id)),
            ...many.map((node) => edge(`${node.id}-e`, node.id, 'end')),
          ],
        ),
        path: 'nodes.start',
        name: '发起',
      },
      {
        rule: 'workflow.unreachable',
        graph: graph(
          [START, approval('a1', '部门审批'), approval('a2', '孤岛'), approval('a3', '孤岛后'), END],
          [
            edge('e1', 'start', 'a1'),
            edge('e2', 'a1', 'end'),
            edge('e3', 'a2', 'a3'),
            edge('e4', 'a3', 'end'),
          ],
        ),
        path: 'nodes.a3',
        name: '孤岛后',
      },
      {
        rule: 'workflow.cannotReachEnd',
        graph: graph(
          [START, approval('a1', '部门审批'), approval('a2', '走不到头'), approval('a3', '尽头'), END],
          [
            edge('e1', 'start', 'a1'),
            edge('e2', 'a1', 'end', { isDefault: true }),
            edge('e3', 'a1', 'a2', { priority: 1, conditions: CONDITION }),
            edge('e4', 'a2', 'a3'),
          ],
        ),
        path: 'nodes.a2',
        name: '走不到头',
      },
      {
        rule: 'workflow.cycle',
        graph: graph(
          [START, approval('a1', '部门审批'), approval('a2', '复核'), END],
          [
            edge('e1', 'start', 'a1'),
            edge('e2', 'a1', 'a2'),
            edge('e3', 'a2', 'a1', { priority: 1, conditions: CONDITION }),
            edge('e4', 'a2', 'end', { isDefault: true }),
          ],
        ),
        path: 'nodes.a1',
        name: '部门审批',
      },
      {
        rule: 'workflow.branchWithoutDefault',
        graph: branches([
          { conditions: CONDITION, priority: 1 },
          { conditions: CONDITION, priority: 2 },
        ]),
        path: 'nodes.a1',
        name: '部门审批',
      },
      {
        rule: 'workflow.severalDefaults',
        graph: branches([{ isDefault: true }, { isDefault: true }]),
        path: 'nodes.a1',
        name: '部门审批',
      },
      {
        rule: 'workflow.branchWithoutCondition',
        graph: branches([{ isDefault: true }, { priority: 1 }]),
        path: 'nodes.a1',
        name: '部门审批',
      },
      {
        rule: 'workflow.duplicatePriority',
        graph: branches([
          { isDefault: true },
          { conditions: CONDITION, priority: 1 },
          { conditions: CONDITION, priority: 1 },
        ]),
        path: 'nodes.a1',
        name: '部门审批',
      },
      {
        rule: 'workflow.noApprovers',
        graph: graph(
          [START, approval('a1', '部门审批', { approvers: [] }), END],
          [edge('e1', 'start', 'a1'), edge('e2', 'a1', 'end')],
        ),
        path: 'nodes.a1',
        name: '部门审批',
      },
    ];
    let revision = template.revision;
    for (const { rule, graph: body, path, name } of cases) {
      const saved = ok<Template>(
        await call('demo', 'PUT', `workflow-templates/${template._id}`, { revision, graph: body }),
      );
      revision = saved.revision;
      const [en, zh] = [
        await call('demo', 'POST', `workflow-templates/${template._id}/publish`, {}, 'en-US'),
        await call('demo', 'POST', `workflow-templates/${template._id}/publish`, {}, 'zh-CN'),
      ];
      expect(en.statusCode, rule).toBe(400);
      const answer = json<{
        key: string;
        message: string;
        details: Array<{ path: string; key: string; message: string }>;
      }>(en);
      expect(answer.key, rule).toBe(answer.details[0]?.key);
      const detail = answer.details.find((d) => d.key === rule && d.path === path);
      expect(detail, `${rule}: ${en.body}`).toMatchObject({ path });
      if (name) expect(detail?.message, rule).toContain(`"${name}"`);
      if (name) {
        const zhDetail = json<typeof answer>(zh).details.find((d) => d.key === rule && d.path === path);
        expect(zhDetail?.message, rule).toContain(`“${name}”`);
      }
      expect(detail?.message, rule).not.toMatch(/\{\w+\}|[（），“”：]/);
    }
    // Nothing was frozen by the refused publications.
    expect(ok<unknown[]>(await call('demo', 'GET', `workflow-templates/${template._id}/versions`))).toEqual(
      [],
    );
  });

  it('freezes versions: publishing takes n+1, later edits never change a published version', async () => {
    const template = await createTemplate({ graph: valid() });
    const v1 = ok<Template>(
      await call('demo', 'POST', `workflow-templates/${template._id}/publish`, {
        revision: template.revision,
      }),
    );
    expect(v1).toMatchObject({
      publishedVersion: 1,
      hasUnpublishedChanges: false,
      published: { version: 1 },
    });
    const frozen = ok<{ graph: WorkflowGraph }>(
      await call('demo', 'GET', `workflow-templates/${template._id}/versions/1`),
    );

    // Publishing an unchanged draft makes no version.
    expect(
      ok<Template>(await call('demo', 'POST', `workflow-templates/${template._id}/publish`)).publishedVersion,
    ).toBe(1);

    const changed = valid();
    changed.nodes[1] = approval('a1', '经理审批', { mode: 'all' });
    const edited = ok<Template>(
      await call('demo', 'PUT', `workflow-templates/${template._id}`, {
        revision: v1.revision,
        graph: changed,
        name: `${template.name}改`,
      }),
    );
    expect(edited).toMatchObject({ revision: 2, hasUnpublishedChanges: true, publishedVersion: 1 });
    expect(ok(await call('demo', 'GET', `workflow-templates/${template._id}/versions/1`))).toEqual(frozen);

    // A member reads the published version, never the draft.
    const seen = ok<Template>(await call('zhangsan', 'GET', `workflow-templates/${template._id}`));
    expect(seen.graph).toBeUndefined();
    expect(seen.published?.graph.nodes[1]?.name).toBe('部门审批');

    const v2 = ok<Template>(await call('demo', 'POST', `workflow-templates/${template._id}/publish`, {}));
    expect(v2).toMatchObject({ publishedVersion: 2, published: { version: 2, name: `${template.name}改` } });
    expect(
      ok<Array<{ version: number }>>(
        await call('demo', 'GET', `workflow-templates/${template._id}/versions`),
      ).map((version) => version.version),
    ).toEqual([2, 1]);
    expect(ok(await call('demo', 'GET', `workflow-templates/${template._id}/versions/1`))).toEqual(frozen);
    expect((await call('demo', 'GET', `workflow-templates/${template._id}/versions/3`)).statusCode).toBe(404);
    expect(
      ok<Template>(await call('zhangsan', 'GET', `workflow-templates/${template._id}`)).published?.graph
        .nodes[1]?.name,
    ).toBe('经理审批');

    // Members list and read enabled, published templates only, and count only those in the groups.
    const group = await createGroup();
    await createTemplate({ groupId: group._id });
    const countIn = async (who: Who) =>
      ok<Array<{ _id: string; templateCount: number }>>(
        await call(who, 'GET', `projects/${P}/workflow-groups`),
      ).find((row) => row._id === group._id)?.templateCount;
    expect([await countIn('demo'), await countIn('zhangsan')]).toEqual([1, 0]);
    const memberList = async () =>
      ok<Template[]>(await call('zhangsan', 'GET', `projects/${P}/workflow-templates?limit=200`)).map(
        (row) => row._id,
      );
    const draftOnly = await createTemplate();
    expect(await memberList()).toContain(template._id);
    expect(await memberList()).not.toContain(draftOnly._id);
    expect((await call('zhangsan', 'GET', `workflow-templates/${draftOnly._id}`)).statusCode).toBe(404);
    ok(await call('demo', 'PUT', `workflow-templates/${template._id}/status`, { status: 'disabled' }));
    expect(await memberList()).not.toContain(template._id);
    expect((await call('zhangsan', 'GET', `workflow-templates/${template._id}`)).statusCode).toBe(404);
    const enabled = ok<Template>(
      await call('demo', 'PUT', `workflow-templates/${template._id}/status`, { status: 'enabled' }),
    );
    expect(enabled).toMatchObject({ status: 'enabled', revision: 2 });
    expect(await memberList()).toContain(template._id);

    // Deleting the template deletes its versions.
    ok(await call('demo', 'DELETE', `workflow-templates/${template._id}`));
    const rows = await withWorkflowTables(t.db.db)
      .selectFrom('workflow_template_versions')
      .select('id')
      .where('template_id', '=', template._id)
      .execute();
    expect(rows).toEqual([]);
    expect((await call('demo', 'GET', `workflow-templates/${template._id}`)).statusCode).toBe(404);
    expect(await auditEntries('workflow.templatePublished', template._id)).toHaveLength(2);
  });

  it('refuses a stale edit or publication with 409 and the current template', async () => {
    const template = await createTemplate({ graph: valid() });
    const first = ok<Template>(
      await call('demo', 'PUT', `workflow-templates/${template._id}`, {
        revision: template.revision,
        description: '第一次',
      }),
    );
    const stale = await call(
      'demo',
      'PUT',
      `workflow-templates/${template._id}`,
      { revision: template.revision, description: '晚到的' },
      'en-US',
    );
    expect(stale.statusCode).toBe(409);
    expect(json(stale)).toMatchObject({
      key: 'workflow.staleTemplate',
      message: 'Someone else has changed this workflow template. Check the latest version and try again',
      current: { _id: template._id, revision: first.revision, description: '第一次' },
    });
    const stalePublish = await call('demo', 'POST', `workflow-templates/${template._id}/publish`, {
      revision: template.revision,
    });
    expect(stalePublish.statusCode).toBe(409);
    expect(json(stalePublish)).toMatchObject({
      key: 'workflow.staleTemplate',
      current: { revision: first.revision },
    });
    expect(ok<unknown[]>(await call('demo', 'GET', `workflow-templates/${template._id}/versions`))).toEqual(
      [],
    );

    // Two edits of the same revision at once: exactly one wins, the other gets the winner as current.
    const racing = await Promise.all(
      ['甲', '乙'].map((description) =>
        call('demo', 'PUT', `workflow-templates/${template._id}`, { revision: first.revision, description }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = json<Template & { description: string }>(racing.find((r) => r.statusCode === 200)!);
    const loser = json<{ current: Template }>(racing.find((r) => r.statusCode === 409)!);
    expect(loser.current).toMatchObject({ revision: winner.revision, description: winner.description });

    // Two publications at once freeze one version.
    const publishing = await Promise.all(
      [1, 2].map(() => call('demo', 'POST', `workflow-templates/${template._id}/publish`, {})),
    );
    expect(publishing.map((r) => r.statusCode)).toContain(200);
    expect(publishing.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(
      ok<Array<{ version: number }>>(
        await call('demo', 'GET', `workflow-templates/${template._id}/versions`),
      ),
    ).toMatchObject([{ version: 1 }]);

    const other = await createTemplate();
    const clash = await call('demo', 'PUT', `workflow-templates/${other._id}`, {
      revision: other.revision,
      name: template.name,
    });
    expect([clash.statusCode, keyOf(clash)]).toEqual([409, 'workflow.templateNameTaken']);
    const missingRevision = await call('demo', 'PUT', `workflow-templates/${other._id}`, {
      name: unique('流程'),
    });
    expect([missingRevision.statusCode, keyOf(missingRevision)]).toEqual([400, 'common.validation']);
  });

  it('copies a template: draft, group and description, a free name, no versions', async () => {
    const group = await createGroup();
    const source = await createTemplate({
      name: unique('报销'),
      groupId: group._id,
      description: '原件',
      graph: valid(),
    });
    ok(await call('demo', 'POST', `workflow-templates/${source._id}/publish`, {}));
    const copy = ok<Template>(await call('demo', 'POST', `workflow-templates/${source._id}/copy`, {}));
    expect(copy).toMatchObject({
      name: `${source.name} 副本`,
      groupId: group._id,
      publishedVersion: null,
      revision: 1,
      graph: valid(),
    });
    expect(ok<Template>(await call('demo', 'POST', `workflow-templates/${source._id}/copy`)).name).toBe(
      `${source.name} 副本 2`,
    );
    expect(
      ok<Template>(await call('demo', 'POST', `workflow-templates/${source._id}/copy`, {}, 'en-US')).name,
    ).toBe(`${source.name} copy`);
    const named = await call('demo', 'POST', `workflow-templates/${source._id}/copy`, { name: source.name });
    expect([named.statusCode, keyOf(named)]).toEqual([409, 'workflow.templateNameTaken']);
    expect(ok<unknown[]>(await call('demo', 'GET', `workflow-templates/${copy._id}/versions`))).toEqual([]);
    expect(await auditEntries('workflow.templateCreated', copy._id)).toMatchObject([
      { actor_id: ids.demo, target_type: 'workflowTemplate' },
    ]);
  });

  it('lets only project administrators manage; members read; outsiders and other tenants get 404', async () => {
    const template = await createTemplate({ graph: valid() });
    ok(await call('demo', 'POST', `workflow-templates/${template._id}/publish`, {}));
    const foreign = ok<Template>(
      await call('sunqi', 'POST', `projects/${Q}/workflow-templates`, { name: '外流程', graph: valid() }),
    );
    const db = withWorkflowTables(t.db.db);
    const snapshot = async () =>
      Promise.all([
        db.selectFrom('workflow_groups').selectAll().orderBy('id').execute(),
        db.selectFrom('workflow_templates').selectAll().orderBy('id').execute(),
        db.selectFrom('workflow_template_versions').selectAll().orderBy('id').execute(),
      ]);
    const before = await snapshot();
    const id = template._id;
    const routes: Array<{ method: Method; path: string; body?: unknown; member: number }> = [
      { method: 'GET', path: `projects/${P}/workflow-templates`, member: 200 },
      {
        method: 'POST',
        path: `projects/${P}/workflow-templates`,
        body: { name: unique('越权') },
        member: 403,
      },
      { method: 'GET', path: `workflow-templates/${id}`, member: 200 },
      {
        method: 'PUT',
        path: `workflow-templates/${id}`,
        body: { revision: 1, description: '越权' },
        member: 403,
      },
      { method: 'DELETE', path: `workflow-templates/${id}`, member: 403 },
      { method: 'PUT', path: `workflow-templates/${id}/status`, body: { status: 'disabled' }, member: 403 },
      { method: 'POST', path: `workflow-templates/${id}/copy`, body: {}, member: 403 },
      { method: 'POST', path: `workflow-templates/${id}/publish`, body: {}, member: 403 },
      { method: 'GET', path: `workflow-templates/${id}/versions`, member: 403 },
      { method: 'GET', path: `workflow-templates/${id}/versions/1`, member: 403 },
      { method: 'GET', path: `projects/${P}/workflow-groups`, member: 200 },
      { method: 'POST', path: `projects/${P}/workflow-groups`, body: { name: unique('越权') }, member: 403 },
    ];
    for (const { method, path, body, member } of routes) {
      const label = `${method} ${path}`;
      expect((await call(null, method, path, body)).statusCode, label).toBe(401);
      expect((await call('lisi', method, path, body)).statusCode, label).toBe(404);
      expect((await call('sunqi', method, path, body)).statusCode, label).toBe(404);
      expect((await call('zhangsan', method, path, body)).statusCode, label).toBe(member);
    }
    expect(await snapshot()).toEqual(before);

    // Our administrator on the other tenant's records: 404 as for a missing id.
    for (const path of [
      `workflow-templates/${foreign._id}`,
      `workflow-templates/${foreign._id}/versions`,
      `projects/${Q}/workflow-templates`,
    ]) {
      expect((await call('demo', 'GET', path)).statusCode, path).toBe(404);
    }
    expect((await call('demo', 'DELETE', `workflow-templates/${foreign._id}`)).statusCode).toBe(404);
    expect((await call('demo', 'GET', 'workflow-templates/0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await call('demo', 'GET', 'workflow-templates/not-an-id')).statusCode).toBe(400);

    // The method override of the OEM builds reaches the same rights.
    const overridden = await t.app.inject({
      method: 'POST',
      url: `${WF}/workflow-templates/${id}`,
      headers: { cookie: cookies.zhangsan!, 'x-http-method-override': 'DELETE' },
    });
    expect(overridden.statusCode).toBe(403);
  });
});

/** start → 部门审批 → (branches to end / 复核 → end), the branches out of 部门审批 as given. */
function branches(outs: Array<Partial<WorkflowEdge>>): WorkflowGraph {
  const targets = outs.map((_, i) => approval(`b${i}`, `分支${i}`));
  return graph(
    [START, approval('a1', '部门审批'), ...targets, END],
    [
      edge('e1', 'start', 'a1'),
      ...outs.map((out, i) => edge(`o${i}`, 'a1', `b${i}`, out)),
      ...targets.map((node) => edge(`${node.id}-end`, node.id, 'end')),
    ],
  );
}
