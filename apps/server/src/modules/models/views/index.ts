import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDirectory } from '../../directory/index';
import { createSelectionSets } from './selection-sets.service';
import { viewSettingsRoutes } from './settings.routes';
import { createViewSettings } from './settings.service';
import { createShares } from './shares.service';
import { createViewports } from './viewports.service';
import { createViewsContext, type ViewsDeps } from './views.context';
import { publicShareRoutes, shareRoutes, viewportRoutes } from './views.routes';

export { assertModelTags } from './tags.lookup';

/** model-service: where the views and settings routes live (the models API shares the prefix). */
export const MODEL_SERVICE_PREFIX = '/api/v1/model-service';

/**
 * model-service's views and settings: model tags, viewport tags, selection-set groups, viewports,
 * selection sets, the component attribute display and the component QR shares.
 */
export function createModelViewsModule(deps: ViewsDeps) {
  const context = createViewsContext(deps);
  return {
    settings: createViewSettings(context),
    viewports: createViewports(context, createDirectory(deps.db), deps.readableFiles),
    sets: createSelectionSets(context),
    shares: createShares(context),
  };
}
export type ModelViewsModule = ReturnType<typeof createModelViewsModule>;

export const modelViewsPlugin: FastifyPluginAsyncZod<{ module: ModelViewsModule }> = async (
  app,
  { module },
) => {
  await app.register(viewSettingsRoutes, { settings: module.settings });
  await app.register(viewportRoutes, { viewports: module.viewports, sets: module.sets });
  await app.register(shareRoutes, { shares: module.shares });
  await app.register(publicShareRoutes, { shares: module.shares });
};
