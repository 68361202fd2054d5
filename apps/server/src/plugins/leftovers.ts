import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';

/** How often the leftovers are swept besides at start. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** One kind of leftover: `sweep` removes what is stale at `now` and answers how many it removed. */
export interface LeftoverSweep {
  name: string;
  sweep(now: Date): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs every sweep now (also run at start and hourly) and answers the counts by name. */
    sweepLeftovers(): Promise<Record<string, number>>;
  }
}

/**
 * What a crash leaves behind — half-written files of the local storage, resumable uploads nobody finished —
 * is removed at start and every hour. Only the counts are logged (never names or paths of users' files).
 * One failing sweep is logged and does not stop the others.
 */
export const leftoversPlugin = fp<{ sweeps: LeftoverSweep[]; clock: Clock }>(
  async (app, { sweeps, clock }) => {
    let running: Promise<Record<string, number>> | null = null;

    async function runAll(log: FastifyBaseLogger): Promise<Record<string, number>> {
      const counts: Record<string, number> = {};
      for (const { name, sweep } of sweeps) {
        try {
          counts[name] = await sweep(clock.now());
        } catch (error) {
          log.warn({ err: error, sweep: name }, 'could not sweep leftovers');
        }
      }
      if (Object.values(counts).some((count) => count > 0)) log.info({ removed: counts }, 'leftovers swept');
      return counts;
    }

    /** Never two at once: a slow disk must not stack hourly runs. */
    function sweepLeftovers(): Promise<Record<string, number>> {
      running ??= runAll(app.log).finally(() => {
        running = null;
      });
      return running;
    }
    app.decorate('sweepLeftovers', sweepLeftovers);

    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      await sweepLeftovers();
      timer = setInterval(() => void sweepLeftovers(), SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    });
  },
  { name: 'lintel-leftovers' },
);
