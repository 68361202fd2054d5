import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * A query that runs on hot paths, compiled once per database instead of on every call (building and
 * compiling a Kysely query can cost as much as running it). `build` receives a placeholder for each
 * parameter; `run(db, ...values)` executes the compiled SQL with the real values in their place, so the
 * query must have exactly as many parameters as `build` takes values.
 */
export function compiledOnce<Row, Values extends unknown[]>(
  build: (db: Kysely<Database>, ...placeholders: Values) => Compilable<Row>,
  placeholders: Values,
) {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  return async function run(db: Kysely<Database>, ...values: Values): Promise<Row[]> {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...placeholders).compile();
      if (query.parameters.length !== placeholders.length) {
        throw new Error(
          `a compiled query expected ${placeholders.length} parameters, got ${query.parameters.length}`,
        );
      }
      compiled.set(db, query);
    }
    const { rows } = await db.executeQuery<Row>({ ...query, parameters: values });
    return rows;
  };
}
