import type { Kysely } from 'kysely';
import type { Engine } from '../engine';
import * as m2026112101 from './2026112101_users';
import * as m2026112102 from './2026112102_sessions';
import * as m2026112103 from './2026112103_settings';
import * as m2026112104 from './2026112104_country_codes';

/**
 * Every migration, by name. A static list (not a folder scan) so that the esbuild bundle carries them.
 * Names are timestamp-prefixed; a landed migration is never edited, a change is a new one (DESIGN.md §5).
 */
export interface MigrationModule {
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
  down?(db: Kysely<unknown>, engine: Engine): Promise<void>;
}

export const MIGRATIONS: Readonly<Record<string, MigrationModule>> = {
  '2026112101_users': m2026112101,
  '2026112102_sessions': m2026112102,
  '2026112103_settings': m2026112103,
  '2026112104_country_codes': m2026112104,
};
