import {
  defaultWorkflowGraph,
  type WorkflowControls,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
} from '@lintel/contracts/workflow';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { addMemberWithConsent } from '../../../test/membership';
import { json, type Method, projectsOf, requester, signInPeople } from '../../../test/project-api';

/** What the workflow test files share: their world (app, people, project) and graph builders. */

export const WF = '/api/v1/workflow-service';

/** The answer's body, after checking it is a 200 (the body is the failure's message). */
export function ok<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return json<T>(response);
}

let counter = 0;
/** A name no other test of the file has used (names are unique per project). */
export const unique = (prefix: string) => `${prefix}${++counter}`;

// ── graphs ──

export type ApprovalNode = Extract<WorkflowNode, { kind: 'approval' }>;
export const START = { id: 'start', kind: 'start' as const, name: '发起' };
export const END = { id: 'end', kind: 'end' as const, name: '结束' };

/** An approval node as the designer makes a new one (the initiator picks, any mode), with `extra` over it. */
export function approvalNode(id: string, name: string, extra: Partial<ApprovalNode> = {}): ApprovalNode {
  const fresh = defaultWorkflowGraph({ start: START.name, approval: name, end: END.name }).nodes.find(
    (node): node is ApprovalNode => node.kind === 'approval',
  )!;
  return { ...fresh, id, ...extra };
}

export function edgeBetween(
  id: string,
  from: string,
  to: string,
  extra: Partial<WorkflowEdge> = {},
): WorkflowEdge {
  return { id, from, to, priority: 0, isDefault: false, conditions: [], ...extra };
}

/** A graph with the designer's default controls (recall allowed, the log shown), `controls` over them. */
export function workflowGraph(
  nodes: WorkflowNode[],
  edges: WorkflowEdge[],
  controls: Partial<WorkflowControls> = {},
): WorkflowGraph {
  return {
    nodes,
    edges,
    controls: { allowChangePersonnel: false, allowRecall: true, showLog: true, ...controls },
  };
}

// ── the world ──

export interface WorkflowWorldOptions<Name extends string> {
  /** The project the tests work in, created by demo in demo's enterprise. */
  projectName: string;
  /** Users created and signed in besides demo, zhangsan and admin. */
  people: readonly Name[];
  /** Who is added to the project: into its department 工程部, or holding its permission template 审批人. */
  members?: ReadonlyArray<{ who: Name | 'zhangsan'; inDepartment?: boolean; holdsTemplate?: boolean }>;
}

/**
 * One app for the test file with its people signed in, and project P administered by demo, with one
 * department (工程部) and one permission template (审批人) to name as approver sources.
 */
export async function workflowWorld<Name extends string>(options: WorkflowWorldOptions<Name>) {
  const t: TestApp = await buildTestApp();
  const raw = requester(() => t);
  const { cookies, ids } = await signInPeople(t, options.people);
  type Who = keyof typeof cookies | null;
  /** A request as `who` (null: signed out); a path without a leading slash is below workflow-service. */
  const call = (who: Who, method: Method, path: string, payload?: unknown, language?: string) =>
    raw(method, path.startsWith('/') ? path : `${WF}/${path}`, who ? cookies[who] : null, payload, language);

  const [demoProject] = await projectsOf(t, cookies.demo);
  const P = ok<{ _id: string }>(
    await call('demo', 'POST', `${ACCOUNT}/projects`, {
      name: options.projectName,
      enterpriseId: demoProject!.enterpriseId,
    }),
  )._id;
  const department = ok<{ _id: string }>(
    await call('demo', 'POST', `${ACCOUNT}/projects/${P}/structures`, { name: '工程部' }),
  )._id;
  const permissionTemplate = ok<{ _id: string }>(
    await call('demo', 'POST', `${ACCOUNT}/projects/${P}/templates`, { name: '审批人', grants: {} }),
  )._id;
  for (const member of options.members ?? []) {
    const added = await addMemberWithConsent(t.app, {
      scope: `projects/${P}`,
      adminCookie: cookies.demo,
      userCookie: cookies[member.who],
      body: {
        userId: ids[member.who],
        ...(member.inDepartment ? { department } : {}),
        ...(member.holdsTemplate ? { templateId: permissionTemplate } : {}),
      },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  return { t, cookies, ids, raw, call, P, department, permissionTemplate };
}
export type WorkflowWorld<Name extends string> = Awaited<ReturnType<typeof workflowWorld<Name>>>;
