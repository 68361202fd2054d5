import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { printRoutes } from './print.routes';
import { createPrintService, type PrintDeps, type PrintService } from './print.service';

/** Form printing (issue 18): Word print templates of form templates, forms printed as .docx or PDF. */
export function createFormPrinting(deps: PrintDeps): PrintService {
  return createPrintService(deps);
}

/** Registered under form-service's prefix, beside the forms plugin. */
export const formPrintPlugin: FastifyPluginAsyncZod<{ print: PrintService }> = async (app, { print }) => {
  await app.register(printRoutes, { print });
};
