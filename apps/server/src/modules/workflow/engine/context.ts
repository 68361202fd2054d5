import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import { createEngineRepository, type EngineRepository } from './engine.repository';
import type { PeopleSource } from './types';

/**
 * What every part of the engine works with during one call: the caller's transaction (the engine never opens
 * its own, so an approval commits or rolls back with the module's record), the engine's SQL on it, the
 * clock and the project's people.
 */
export interface EngineTx {
  trx: Kysely<Database>;
  repo: EngineRepository;
  clock: Clock;
  people: PeopleSource;
  /** The clock's time as stored (ISO 8601 UTC). */
  now(): string;
}

export function engineTx(trx: Kysely<Database>, clock: Clock, people: PeopleSource): EngineTx {
  return {
    trx,
    repo: createEngineRepository(trx),
    clock,
    people,
    now: () => clock.now().toISOString(),
  };
}
