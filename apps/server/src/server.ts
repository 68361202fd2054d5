import type { App, AppDeps } from './app';
import { buildApp } from './app';
import type { Config } from './config';
import { migrateToLatest } from './db/migrate';
import { seedDatabase } from './db/seeds/index';

export interface StartHooks {
  /** Told the administrator's generated password when this start created it (see seedDatabase). */
  onGeneratedAdminPassword?: (account: { name: string; password: string }) => void;
}

/** Where people open the site: PUBLIC_URL, else the address this process listens on. */
export function siteUrl(app: App, config: Config): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return config.publicUrl ?? `http://${shownHost}:${port}`;
}

/** Builds the app, brings the database up to date, seeds a fresh one, and listens. */
export async function startServer(config: Config, deps: AppDeps = {}, hooks: StartHooks = {}): Promise<App> {
  const app = buildApp(config, deps);
  try {
    const applied = await migrateToLatest(app.database.db, app.database.engine);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    await seedDatabase({
      db: app.database.db,
      clock: app.clock,
      log: app.log,
      adminPassword: config.adminPassword,
      demo: config.demo,
      demoModel: config.demoModel,
      smsTestNumbers: config.smsTestNumbers,
      ...(hooks.onGeneratedAdminPassword ? { onGeneratedAdminPassword: hooks.onGeneratedAdminPassword } : {}),
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  app.log.info(`Lintel is running at ${siteUrl(app, config)}`);
  return app;
}

/**
 * Stops accepting connections, lets the requests in flight finish, then closes the database (Fastify's
 * close does all three, in that order). Past `timeoutMs` the caller should give up waiting.
 */
export async function stopServer(app: App, timeoutMs = 10_000): Promise<'closed' | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
    timer.unref();
  });
  try {
    const outcome = await Promise.race([app.close().then(() => 'closed' as const), timeout]);
    // Whatever still hangs on (a stuck request, a client that never reads) is cut off.
    if (outcome === 'timeout') app.server.closeAllConnections();
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}
