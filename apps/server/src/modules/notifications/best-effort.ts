import type { FastifyBaseLogger } from 'fastify';

/**
 * For the producers' calls a module makes after its change is committed (notify, to-dos, reading a record's
 * notifications): they never undo the change, so a failure is logged with the record's id and swallowed —
 * the record stands, the notification centre is a convenience on top. `idField` names the id in the log,
 * e.g. `topicId`.
 */
export function bestEffort(log: Pick<FastifyBaseLogger, 'warn'>, idField: string) {
  return async (failureMessage: string, recordId: string, run: () => Promise<unknown>): Promise<void> => {
    try {
      await run();
    } catch (error) {
      log.warn({ err: error, [idField]: recordId }, failureMessage);
    }
  };
}
