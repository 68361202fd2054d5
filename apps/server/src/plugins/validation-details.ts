import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { type ErrorKey, isErrorKey, type MessageParams } from './messages';

export interface ValidationDetail {
  path: string;
  key: ErrorKey;
  params?: MessageParams;
}

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
};

function numberParam(params: Record<string, unknown>, name: string): number | string {
  const value = params[name];
  return typeof value === 'number' || typeof value === 'string'
    ? value
    : typeof value === 'bigint'
      ? String(value)
      : '';
}

/** Picks the message key of one zod issue (as fastify-type-provider-zod hands it over). */
function keyOf(issue: FastifySchemaValidationError): { key: ErrorKey; params?: MessageParams } {
  const params = (issue.params ?? {}) as Record<string, unknown>;
  // Schemas of the contracts put a message key in the issue (account.phoneInvalid, …): it wins.
  if (typeof issue.message === 'string' && isErrorKey(issue.message)) return { key: issue.message };
  const origin = params.origin;
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined/.test(issue.message ?? '')) return { key: 'validation.required' };
      return { key: 'validation.invalidType', params: { expected: String(params.expected ?? '') } };
    case 'too_small': {
      const minimum = numberParam(params, 'minimum');
      if (origin === 'string')
        return minimum === 1
          ? { key: 'validation.required' }
          : { key: 'validation.tooShort', params: { minimum } };
      if (origin === 'array' || origin === 'set')
        return { key: 'validation.tooFewItems', params: { minimum } };
      return { key: 'validation.tooSmall', params: { minimum } };
    }
    case 'too_big': {
      const maximum = numberParam(params, 'maximum');
      if (origin === 'string') return { key: 'validation.tooLong', params: { maximum } };
      if (origin === 'array' || origin === 'set')
        return { key: 'validation.tooManyItems', params: { maximum } };
      return { key: 'validation.tooBig', params: { maximum } };
    }
    case 'invalid_format':
      return { key: 'validation.invalidFormat' };
    case 'invalid_value':
      return { key: 'validation.invalidValue' };
    default:
      return { key: 'validation.invalid' };
  }
}

function joinPath(context: string, segments: readonly string[]): string {
  return [context, ...segments].join('.');
}

/** One detail per problem; an unknown field (strict objects) gives one detail per field it names. */
export function validationDetails(
  issues: readonly FastifySchemaValidationError[],
  validationContext: string | undefined,
): ValidationDetail[] {
  const context = CONTEXT_NAMES[validationContext ?? ''] ?? validationContext ?? 'request';
  const details: ValidationDetail[] = [];
  for (const issue of issues) {
    const segments = issue.instancePath.split('/').filter((s) => s !== '');
    if (issue.keyword === 'unrecognized_keys') {
      const keys = (issue.params as { keys?: unknown }).keys;
      for (const field of Array.isArray(keys) ? keys.map(String) : []) {
        details.push({
          path: joinPath(context, [...segments, field]),
          key: 'validation.unrecognizedKey',
          params: { field },
        });
      }
      continue;
    }
    const { key, params } = keyOf(issue);
    details.push({ path: joinPath(context, segments), key, ...(params ? { params } : {}) });
  }
  return details;
}
