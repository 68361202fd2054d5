import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createModelsBase, type ModelsDeps } from './models.context';
import { createConversionRunner } from './models.converter';
import { createModelLookup } from './models.lookup';
import { modelsRoutes } from './models.routes';
import { createModelsService } from './models.service';
import { createTusUploads, tusRoutes } from './models.tus';
import { createModelUploads } from './models.uploads';

export type { JobQueue, ModelsDeps, ModelsLimits } from './models.context';
export { CONVERSION_QUEUE, STATUS_CHANNEL } from './models.context';
export type { ElementRef, ModelLookup } from './models.lookup';
export { createModelLookup } from './models.lookup';

/** model-service: BIM models, their versions and conversions, the element index (issue 8). */
export const MODELS_PREFIX = '/api/v1/model-service';

/** Models of a project: uploads (multipart and tus), conversion jobs, element index, tree and compare. */
export function createModelsModule(deps: ModelsDeps & { uploadDir: string }) {
  const base = createModelsBase(deps);
  const runner = createConversionRunner(base);
  const uploads = createModelUploads(base, runner);
  const models = createModelsService(base, runner);
  const lookup = createModelLookup(deps.db);
  const tus = createTusUploads(base, uploads, deps.uploadDir);
  return { base, runner, uploads, models, lookup, tus };
}
export type ModelsModule = ReturnType<typeof createModelsModule>;

export const modelsPlugin: FastifyPluginAsyncZod<{ module: ModelsModule }> = async (app, { module }) => {
  let stop: (() => Promise<void>) | null = null;
  // The worker starts once the app is ready (the database is migrated by then) and stops on close.
  app.addHook('onReady', async () => {
    stop = await module.runner.start();
  });
  app.addHook('preClose', async () => {
    await stop?.();
    stop = null;
  });
  await app.register(modelsRoutes, { models: module.models, uploads: module.uploads });
  await app.register(tusRoutes, { tus: module.tus });
};
