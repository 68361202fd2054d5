import { statSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { linkDemoTopicToElement } from '../topics/topics.seed';
import { findSample } from './samples';
import { withModelTables } from './tables';

/** The demo's sample model, and the element (the South wall) a demo topic points at. */
export const DEMO_SAMPLE = 'IfcOpenHouse_IFC4.ifc';
const DEMO_MODEL_NAME = '示范住宅';
const DEMO_ELEMENT = '3g46_woBL6sugXeY5_WP6n';

/**
 * Storage keys under this prefix name a sample of the repository's `samples/ifc` rather than stored bytes: the
 * seed cannot reach the storage, so the conversion job copies the sample into storage first (under the
 * version's own key) and then converts it like any upload.
 */
export const SAMPLE_KEY_PREFIX = 'demo-samples/';
const SAMPLE_KEYS: Readonly<Record<string, string>> = {
  [`${SAMPLE_KEY_PREFIX}IfcOpenHouse_IFC4`]: DEMO_SAMPLE,
};

/** The sample file a sample key names; null for other keys. */
export function sampleOfKey(key: string): string | null {
  return SAMPLE_KEYS[key] ?? null;
}

/**
 * The demo project's model (DEMO=1, first start): queued like an upload, so the app's conversion worker
 * converts it once the app is up; one demo topic is linked to its South wall. Skipped, with a log line,
 * when the repository's samples folder is missing.
 */
export async function seedDemoModel(
  trx: Kysely<Database>,
  {
    projectId,
    adminId,
    now,
    log,
  }: { projectId: string; adminId: string; now: string; log?: Pick<FastifyBaseLogger, 'warn'> },
): Promise<void> {
  const path = findSample(DEMO_SAMPLE);
  if (!path) {
    log?.warn(`the IFC sample ${DEMO_SAMPLE} (samples/ifc) is missing: the demo project gets no model`);
    return;
  }
  const db = withModelTables(trx);
  const modelId = newId();
  const versionId = newId();
  await db
    .insertInto('models')
    .values({
      id: modelId,
      project_id: projectId,
      name: DEMO_MODEL_NAME,
      remark: 'IfcOpenHouse (IFC4)',
      tag_ids: '[]',
      current_version_id: versionId,
      version_count: 1,
      created_by: adminId,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .execute();
  await db
    .insertInto('model_versions')
    .values({
      id: versionId,
      model_id: modelId,
      project_id: projectId,
      number: 1,
      file_name: DEMO_SAMPLE,
      size: statSync(path).size,
      status: 'queued',
      progress: 0,
      schema: 'IFC4',
      ifc_key: `${SAMPLE_KEY_PREFIX}IfcOpenHouse_IFC4`,
      created_by: adminId,
      created_at: now,
    })
    .execute();
  await linkDemoTopicToElement(trx, { projectId, modelId, globalId: DEMO_ELEMENT });
}
