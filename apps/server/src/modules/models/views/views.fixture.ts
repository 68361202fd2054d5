import type { Model, ModelElement } from '@lintel/contracts/models';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../../test/helper';
import { addMemberWithConsent, makeReadOnly } from '../../../../test/membership';
import { json, projectsOf, requester, signInPeople } from '../../../../test/project-api';
import { MODELS, readySample } from '../test-support';
import { withViewTables } from './tables';

/**
 * The set-up of the views API tests: a fresh project P of the demo enterprise. demo: its admin. Members by
 * template: zhangsan 只读 (view only; the default template, 项目成员, creates); lisi editor (view, create, edit, delete, export); wangwu author
 * (view, create); zhouba blind (no view). qianqi: signed in, no member. sunqi: another tenant with a project
 * and a model of its own. Models of P are real uploads of the samples, converted.
 */
export type Name = 'demo' | 'zhangsan' | 'lisi' | 'wangwu' | 'zhouba' | 'qianqi' | 'sunqi';
export const PEOPLE = ['lisi', 'wangwu', 'zhouba', 'qianqi', 'sunqi'] as const;

export interface ViewsWorld {
  t: TestApp;
  cookies: Record<Name, string>;
  ids: Record<string, string>;
  project: string;
  otherProject: string;
  /** Ready models of P, one per sample asked for, in that order. */
  models: Model[];
  /** A ready model of the other tenant. */
  foreignModel: Model | null;
  call: (
    who: Name | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    language?: string,
  ) => Promise<LightMyRequestResponse>;
  /** GlobalIds of a model's current version (the first `limit`). */
  elementsOf(modelId: string, limit?: number): Promise<ModelElement[]>;
  /** Every row of the views tables and the models' tag lists, for "nothing changed" checks. */
  snapshot(): Promise<string>;
}

export const HOUSE = 'IfcOpenHouse_IFC4.ifc';
/** A sample with property sets (the house has none). */
export const EXAMPLE = 'example.ifc';

export async function buildViewsWorld(options: {
  samples: string[];
  foreignModel: boolean;
  /** Runs before the app is ready (to add an onRoute hook). */
  beforeReady?: (t: TestApp) => void;
}): Promise<ViewsWorld> {
  const t = await buildTestApp({ ready: false });
  options.beforeReady?.(t);
  await t.app.ready();
  const { cookies, ids } = await signInPeople(t, PEOPLE);
  const raw = requester(() => t);
  const call: ViewsWorld['call'] = (who, method, path, payload, language) =>
    raw(
      method,
      path.startsWith('/') ? path : `${MODELS}/${path}`,
      who ? cookies[who] : null,
      payload,
      language,
    );

  const [demoProject] = await projectsOf(t, cookies.demo);
  const created = await call('demo', 'POST', `${ACCOUNT}/projects`, {
    name: '模型视图测试项目',
    enterpriseId: demoProject!.enterpriseId,
  });
  expect(created.statusCode, created.body).toBe(200);
  const project = json<{ _id: string }>(created)._id;

  async function template(name: string, grants: Record<string, unknown>): Promise<string> {
    const response = await call('demo', 'POST', `${ACCOUNT}/projects/${project}/templates`, {
      name,
      grants: { modelViewer: grants },
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ _id: string }>(response)._id;
  }
  async function addMember(name: Name, extra: Record<string, unknown> = {}) {
    // Someone outside the enterprise is invited and joins by accepting (issue 14).
    const response = await addMemberWithConsent(t.app, {
      scope: `projects/${project}`,
      adminCookie: cookies.demo,
      userCookie: cookies[name],
      body: { userId: ids[name], ...extra },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  await addMember('zhangsan');
  await makeReadOnly(t.app, { projectId: project, adminCookie: cookies.demo, userIds: [ids.zhangsan] });
  await addMember('lisi', {
    templateId: await template('编辑', { view: 'all', create: true, edit: true, delete: true, export: true }),
  });
  await addMember('wangwu', { templateId: await template('作者', { view: 'all', create: true }) });
  await addMember('zhouba', { templateId: await template('不可见', { view: 'none' }) });

  const other = json<{ _id: string }>(
    await call('sunqi', 'POST', `${ACCOUNT}/enterprises`, { name: '孙七建设' }),
  );
  const otherProject = json<{ _id: string }>(
    await call('sunqi', 'POST', `${ACCOUNT}/projects`, { name: '孙七项目', enterpriseId: other._id }),
  )._id;

  const models: Model[] = [];
  for (const sample of options.samples) models.push(await readySample(t.app, cookies.demo, project, sample));
  const foreignModel = options.foreignModel ? await readySample(t.app, cookies.sunqi, otherProject) : null;

  const db = withViewTables(t.db.db);
  return {
    t,
    cookies,
    ids,
    project,
    otherProject,
    models,
    foreignModel,
    call,
    async elementsOf(modelId, limit = 50) {
      const response = await call('demo', 'GET', `models/${modelId}/elements?limit=${limit}&order=globalId`);
      expect(response.statusCode, response.body).toBe(200);
      return json<ModelElement[]>(response);
    },
    async snapshot() {
      const tables = await Promise.all([
        db.selectFrom('model_tags').selectAll().orderBy('id').execute(),
        db.selectFrom('viewport_tags').selectAll().orderBy('id').execute(),
        db.selectFrom('selection_set_groups').selectAll().orderBy('id').execute(),
        db.selectFrom('viewports').selectAll().orderBy('id').execute(),
        db.selectFrom('viewport_models').selectAll().orderBy('viewport_id').orderBy('model_id').execute(),
        db.selectFrom('viewport_tag_links').selectAll().orderBy('viewport_id').orderBy('tag_id').execute(),
        db.selectFrom('selection_sets').selectAll().orderBy('id').execute(),
        db.selectFrom('selection_set_models').selectAll().orderBy('set_id').orderBy('model_id').execute(),
        db.selectFrom('model_settings').selectAll().orderBy('project_id').execute(),
        db.selectFrom('model_element_shares').selectAll().orderBy('token').execute(),
        db.selectFrom('models').select(['id', 'tag_ids', 'deleted_at']).orderBy('id').execute(),
      ]);
      return JSON.stringify(tables);
    },
  };
}

/** The error key and the paths of the field details of an error answer. */
export function errorOf(response: LightMyRequestResponse): { key: string; paths: string[] } {
  const body = json<{ key: string; details?: Array<{ path: string }> }>(response);
  return { key: body.key, paths: (body.details ?? []).map((detail) => detail.path) };
}
