import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Model, ModelUploadResult } from '@lintel/contracts/models';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../app';
import { findSample } from './samples';

/**
 * Helpers for API tests that need real models (models, views, topics): upload a sample IFC of
 * the repository's `samples/ifc` through the real route, and wait for the real conversion.
 */

export const MODELS = '/api/v1/model-service';

/** A sample's bytes; throws when the samples folder is missing (the tests need it). */
export async function sampleBytes(sample = 'IfcOpenHouse_IFC4.ifc'): Promise<Buffer> {
  const path = findSample(sample);
  if (!path) throw new Error(`the IFC sample ${sample} is missing (the repository's samples/ifc)`);
  return readFile(path);
}

/** A multipart/form-data body with one `file` part and text fields, for app.inject. */
export function multipart(
  file: { name: string; bytes: Buffer; contentType?: string } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lintel${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST projects/{id}/models with these bytes; the raw answer. */
export function postModel(
  app: App,
  cookie: string,
  projectId: string,
  file: { name: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(file, fields);
  return app.inject({
    method: 'POST',
    url: `${MODELS}/projects/${projectId}/models`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

/** Uploads a sample as a model (or the next version of the model of that name); answers the model. */
export async function uploadSample(
  app: App,
  cookie: string,
  projectId: string,
  sample = 'IfcOpenHouse_IFC4.ifc',
  name?: string,
): Promise<Model> {
  const response = await postModel(
    app,
    cookie,
    projectId,
    { name: sample, bytes: await sampleBytes(sample) },
    name === undefined ? {} : { name },
  );
  if (response.statusCode !== 201 && response.statusCode !== 200) {
    throw new Error(`upload of ${sample}: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as ModelUploadResult).model;
}

/** The model once its current version is ready; throws when it failed or took longer than `timeoutMs`. */
export async function waitUntilReady(
  app: App,
  cookie: string,
  modelId: string,
  timeoutMs = 120_000,
): Promise<Model> {
  const model = await waitForStatus(app, cookie, modelId, ['ready', 'failed'], timeoutMs);
  if (model.currentVersion.status !== 'ready') {
    throw new Error(`the conversion of ${modelId} failed: ${JSON.stringify(model.currentVersion.error)}`);
  }
  return model;
}

/** Polls GET models/{id} until the current version has one of `statuses`. */
export async function waitForStatus(
  app: App,
  cookie: string,
  modelId: string,
  statuses: readonly string[],
  timeoutMs = 120_000,
): Promise<Model> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({
      method: 'GET',
      url: `${MODELS}/models/${modelId}`,
      headers: { cookie },
    });
    if (response.statusCode !== 200)
      throw new Error(`GET model ${modelId}: ${response.statusCode} ${response.body}`);
    const model = response.json() as Model;
    if (statuses.includes(model.currentVersion.status)) return model;
    if (Date.now() > deadline) {
      throw new Error(`model ${modelId} still ${model.currentVersion.status} after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads a sample and waits for its conversion: a ready model. */
export async function readySample(
  app: App,
  cookie: string,
  projectId: string,
  sample = 'IfcOpenHouse_IFC4.ifc',
  name?: string,
): Promise<Model> {
  const model = await uploadSample(app, cookie, projectId, sample, name);
  return waitUntilReady(app, cookie, model._id);
}
