import type { Model, ModelTag } from '@lintel/contracts/models';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT, buildTestApp, type TestApp } from '../../../test/helper';
import { addMemberWithConsent } from '../../../test/membership';
import { json, keyOf, projectsOf, requester, signInPeople } from '../../../test/project-api';
import { MODELS, postModel, sampleBytes } from './test-support';

/**
 * The `tags` tree scope of permission templates (issue 4 with issue 8): a template naming model tags shows a
 * member only the models carrying one of them — in the list, its count and one model. demo: project admin;
 * wangwu: a member whose template views all models but only those tagged 一号楼.
 */

let t: TestApp;
let cookies: Record<'demo' | 'wangwu' | 'zhangsan' | 'admin', string>;
let ids: Record<string, string>;
let project: string;
let templateId: string;
let tags: Record<'one' | 'two', ModelTag>;
let models: Record<'one' | 'two' | 'untagged', Model>;
const call = requester(() => t);

async function ok<T>(response: Promise<LightMyRequestResponse> | LightMyRequestResponse): Promise<T> {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return json<T>(answer);
}

beforeAll(async () => {
  // No conversions needed: the list and the model answer while their versions wait in the queue.
  t = await buildTestApp({ env: { MODEL_CONVERSIONS: '1' } });
  ({ cookies, ids } = await signInPeople(t, ['wangwu'] as const));
  const enterpriseId = (await projectsOf(t, cookies.demo))[0]!.enterpriseId;
  project = (
    await ok<{ _id: string }>(
      call('POST', `${ACCOUNT}/projects`, cookies.demo, { name: '标签范围项目', enterpriseId }),
    )
  )._id;
  const tag = (name: string) =>
    ok<ModelTag>(
      call('POST', `${MODELS}/projects/${project}/model-tags`, cookies.demo, { name, type: 'building' }),
    );
  tags = { one: await tag('一号楼'), two: await tag('二号楼') };
  const bytes = await sampleBytes();
  const upload = async (name: string, tagIds: string[]) =>
    (
      await ok<{ model: Model }>(
        postModel(
          t.app,
          cookies.demo,
          project,
          { name: `${name}.ifc`, bytes },
          tagIds.length ? { tagIds: tagIds.join(',') } : {},
        ),
      )
    ).model;
  models = {
    one: await upload('一号楼建筑', [tags.one._id]),
    two: await upload('二号楼建筑', [tags.two._id]),
    untagged: await upload('场地', []),
  };
  const made = await call('POST', `${ACCOUNT}/projects/${project}/templates`, cookies.demo, {
    name: '只看一号楼',
    grants: { modelViewer: { view: 'all' } },
    treeScopes: { modelViewer: { tags: [tags.one._id] } },
  });
  expect(made.statusCode, made.body).toBe(200);
  templateId = json<{ _id: string }>(made)._id;
  await ok(
    addMemberWithConsent(t.app, {
      scope: `projects/${project}`,
      adminCookie: cookies.demo,
      userCookie: cookies.wangwu,
      body: { userId: ids.wangwu, templateId },
    }),
  );
});
afterAll(() => t.close());

describe('the tags tree scope of a template', () => {
  it('narrows the model list, its count and one model to the models carrying the tags', async () => {
    const list = await ok<Model[]>(call('GET', `${MODELS}/projects/${project}/models`, cookies.wangwu));
    expect(list.map((m) => m.name)).toEqual(['一号楼建筑']);
    expect(
      await ok(call('GET', `${MODELS}/projects/${project}/models?only_count=true`, cookies.wangwu)),
    ).toEqual({
      count: 1,
    });
    // A where of the caller's own is narrowed too, never widened.
    const where = encodeURIComponent(JSON.stringify({ tagId: tags.two._id }));
    expect(
      await ok(call('GET', `${MODELS}/projects/${project}/models?where=${where}`, cookies.wangwu)),
    ).toEqual([]);
    expect((await ok<Model>(call('GET', `${MODELS}/models/${models.one._id}`, cookies.wangwu))).name).toBe(
      '一号楼建筑',
    );
    for (const other of [models.two, models.untagged]) {
      expect((await call('GET', `${MODELS}/models/${other._id}`, cookies.wangwu)).statusCode).toBe(404);
    }
    // The administrator sees every model.
    expect(await ok<Model[]>(call('GET', `${MODELS}/projects/${project}/models`, cookies.demo))).toHaveLength(
      3,
    );
  });

  it('takes only model tags of the project', async () => {
    const refused = await call('PUT', `${ACCOUNT}/templates/${templateId}`, cookies.demo, {
      treeScopes: { modelViewer: { tags: [models.one._id] } },
    });
    expect(refused.statusCode).toBe(400);
    expect(keyOf(refused)).toBe('permissions.unknownTreeNode');
    const list = await ok<Model[]>(call('GET', `${MODELS}/projects/${project}/models`, cookies.wangwu));
    expect(list).toHaveLength(1);
  });
});
