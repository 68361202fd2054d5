import {
  DeleteQueryNode,
  InsertQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
  UpdateQueryNode,
} from 'kysely';
import type { Database } from './schema';

export type TableName = keyof Database & string;
export type TableWriteListener = () => void;

/**
 * Lets in-process caches learn that a table they mirror was written, whoever wrote it: every insert, update
 * and delete that goes through Kysely is seen here (transactions included), so a cache cannot be forgotten
 * by a new write path. Listeners run when the statement is issued, before it commits: a reader that fills
 * a cache concurrently may still store the old row, so caches fed by this also keep a short lifetime.
 * Raw SQL other than a SELECT counts as a write to every watched table (its target is not parsed).
 */
export class TableWrites implements KyselyPlugin {
  readonly #listeners = new Map<string, Set<TableWriteListener>>();

  /** Calls `listener` on every write to `table`; answers the function that stops it. */
  on(table: TableName, listener: TableWriteListener): () => void {
    let set = this.#listeners.get(table);
    if (!set) {
      set = new Set();
      this.#listeners.set(table, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#listeners.size > 0) {
      const written = writtenTables(node);
      if (written === 'unknown') for (const set of this.#listeners.values()) notify(set);
      else for (const table of written) notify(this.#listeners.get(table));
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

function notify(listeners: Set<TableWriteListener> | undefined): void {
  if (listeners) for (const listener of listeners) listener();
}

function tableName(node: OperationNode | undefined): string[] {
  if (node && TableNode.is(node)) return [node.table.identifier.name];
  // An aliased table (`update users as u`) wraps the table node.
  const inner = (node as { node?: OperationNode } | undefined)?.node;
  return inner && TableNode.is(inner) ? [inner.table.identifier.name] : [];
}

function writtenTables(node: RootOperationNode): string[] | 'unknown' {
  if (InsertQueryNode.is(node)) return tableName(node.into);
  if (UpdateQueryNode.is(node)) return tableName(node.table);
  if (DeleteQueryNode.is(node)) return node.from.froms.flatMap(tableName);
  if (RawNode.is(node)) {
    const text = node.sqlFragments.join('?').trimStart().slice(0, 7).toLowerCase();
    return text.startsWith('select') ? [] : 'unknown';
  }
  return [];
}
