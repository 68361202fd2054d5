import { errorBodySchema } from '@lintel/contracts';

/** Declares the ErrorBody answers of a route (for the OpenAPI document and the serializer). */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorBodySchema])) as Record<S, typeof errorBodySchema>;
}
