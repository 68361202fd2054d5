import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { structuresRoutes } from './structures.routes';
import { createStructuresService, type StructuresServiceDeps } from './structures.service';

export { presentStructure } from './structures.service';

/** The organisation structures (trees of groups and functions) of enterprises, circles and projects. */
export function createStructuresModule(deps: StructuresServiceDeps) {
  return { structures: createStructuresService(deps) };
}
export type StructuresModule = ReturnType<typeof createStructuresModule>;

export const structuresPlugin: FastifyPluginAsyncZod<{ module: StructuresModule }> = async (
  app,
  { module },
) => {
  await app.register(structuresRoutes, module);
};
