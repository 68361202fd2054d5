import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../plugins/app-error';
import { withViewTables } from './tables';

/**
 * For the models API (upload and PUT models/{id}): every id must be a model tag of the project, else a 400
 * `models.unknownTag` pointing at `body.tagIds`. Another project's tag is as unknown as a made-up id.
 */
export async function assertModelTags(
  db: Kysely<Database>,
  projectId: string,
  tagIds: readonly string[],
): Promise<void> {
  const wanted = [...new Set(tagIds)];
  if (wanted.length === 0) return;
  const found = await withViewTables(db)
    .selectFrom('model_tags')
    .select('id')
    .where('project_id', '=', projectId)
    .where('id', 'in', wanted)
    .execute();
  if (found.length !== wanted.length) {
    throw new AppError(400, 'models.unknownTag', {
      details: [{ path: 'body.tagIds', key: 'models.unknownTag' }],
    });
  }
}

/** Which of `ids` are model tags of the project: the `tags` tree of permission templates. */
export function createModelTagNodes(db: Kysely<Database>) {
  return async (projectId: string, ids: readonly string[]): Promise<ReadonlySet<string>> => {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return new Set();
    const found = await withViewTables(db)
      .selectFrom('model_tags')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', wanted)
      .execute();
    return new Set(found.map((row) => row.id));
  };
}
