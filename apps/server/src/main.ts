import type { App } from './app';
import { ConfigError, loadConfig } from './config';
import { siteUrl, startServer, stopServer } from './server';
import { formatAdminNotice } from './start-notice';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // One line naming the variable: the whole story of an invalid configuration.
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  let generated: { name: string; password: string } | null = null;
  const app: App = await startServer(
    config,
    {},
    {
      onGeneratedAdminPassword: (account) => {
        generated = account;
      },
    },
  );
  if (generated) {
    const { name, password } = generated;
    // On stderr, after the "running" line: the JSON log on stdout (often piped to a file or a collector)
    // never holds it, while the person at the terminal sees it last.
    process.stderr.write(
      `\n${formatAdminNotice({ url: `${siteUrl(app, config)}/login`, name, password })}\n`,
    );
  }

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    const outcome = await stopServer(app);
    if (outcome === 'timeout') {
      app.log.error('requests still running after 10 s: exiting anyway');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Lintel failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
