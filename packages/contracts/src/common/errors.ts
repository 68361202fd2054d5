import { z } from 'zod';

/**
 * The body of every 4xx/5xx answer (DESIGN.md §4). `code` is the specification's business code where it
 * gives one (login 102/104/106, SMS 501/502/503, …), otherwise the HTTP status. `key` is stable and is what
 * the web maps to its own text when it wants to; `message` is already in the request's language.
 */
export const errorBodySchema = z.object({
  code: z.number().int(),
  key: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), key: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function isErrorBody(value: unknown): value is ErrorBody {
  return errorBodySchema.safeParse(value).success;
}
