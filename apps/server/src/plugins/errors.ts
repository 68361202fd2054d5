import type { ErrorBody, Language } from '@lintel/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDiskFull, isUniqueViolation } from '../db/errors';
import { AppError } from './app-error';
import { type ErrorKey, type MessageParams, translate } from './messages';
import { type ValidationDetail, validationDetails } from './validation-details';

interface Problem {
  status: number;
  key: ErrorKey;
  code: number;
  params: MessageParams;
  details?: ValidationDetail[];
}

const FASTIFY_CODES: Record<string, { status: number; key: ErrorKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'common.invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'common.emptyJsonBody' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'common.unsupportedMediaType' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'common.payloadTooLarge' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'common.badRequest' },
};

const STATUS_KEYS: Record<number, ErrorKey> = {
  400: 'common.badRequest',
  401: 'common.unauthenticated',
  403: 'common.forbidden',
  404: 'common.notFound',
  405: 'common.methodNotAllowed',
  409: 'common.conflict',
  413: 'common.payloadTooLarge',
  415: 'common.unsupportedMediaType',
  429: 'common.tooManyRequests',
  503: 'common.serviceUnavailable',
  507: 'common.diskFull',
};

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined;
}

function problemOf(error: unknown, request: FastifyRequest, bodyLimit: number): Problem {
  // A full disk (SQLITE_FULL, ENOSPC, PostgreSQL disk_full) is neither a bug nor the client's fault, even
  // when a module wrapped it (a multipart reader's "malformed upload"): 507 says so, and nothing was saved.
  if (isDiskFull(error)) {
    return { status: 507, key: 'common.diskFull', code: 507, params: {} };
  }
  if (error instanceof AppError) {
    return {
      status: error.status,
      key: error.key,
      code: error.code,
      params: error.params,
      ...(error.details ? { details: error.details } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = validationDetails(error.validation, error.validationContext);
    return { status: 400, key: 'common.validation', code: 400, params: {}, details };
  }
  const fastifyCode = (error as FastifyError | null)?.code;
  const known = fastifyCode ? FASTIFY_CODES[fastifyCode] : undefined;
  if (known) {
    const limit = request.routeOptions.bodyLimit ?? bodyLimit;
    return { ...known, code: known.status, params: { limit } };
  }
  if (isUniqueViolation(error)) return { status: 409, key: 'common.conflict', code: 409, params: {} };
  const status = statusOf(error);
  if (status !== undefined && status < 500) {
    const key = STATUS_KEYS[status] ?? 'common.requestFailed';
    return { status, key, code: status, params: {} };
  }
  const serverStatus = status === 503 ? 503 : 500;
  return {
    status: serverStatus,
    key: STATUS_KEYS[serverStatus] ?? 'common.internal',
    code: serverStatus,
    params: {},
  };
}

function localizedDetails(
  details: ValidationDetail[],
  language: Language,
): NonNullable<ErrorBody['details']> {
  return details.map((d) => ({ path: d.path, key: d.key, message: translate(language, d.key, d.params) }));
}

/** The top-level message of a validation failure names its first problem, so a form can show just that. */
function validationMessage(details: ErrorBody['details'], language: Language): string {
  const general = translate(language, 'common.validation');
  const first = details?.[0];
  if (!first) return general;
  // A rule of the contracts (account.phoneInvalid, …) already reads as a complete sentence.
  if (!first.key.startsWith('validation.')) return first.message;
  const separator = language === 'zh-CN' ? '：' : ': ';
  return `${general}${separator}${first.path} ${first.message}`;
}

export function errorBody(problem: Problem, language: Language): ErrorBody {
  const details = problem.details ? localizedDetails(problem.details, language) : undefined;
  const message =
    problem.key === 'common.validation'
      ? validationMessage(details, language)
      : translate(language, problem.key, problem.params);
  return { code: problem.code, key: problem.key, message, ...(details ? { details } : {}) };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem): FastifyReply {
  // Set by the language plugin's onRequest hook, which runs before anything that can fail.
  const language = request.language;
  return reply
    .code(problem.status)
    .type('application/json; charset=utf-8')
    .send(errorBody(problem, language));
}

/**
 * One error handler for the whole app: every failure becomes an ErrorBody in the request's language.
 * 5xx answers carry no internals; the error itself goes to the log under the request id.
 */
export const errorsPlugin = fp<{ bodyLimit: number }>(
  async (app, { bodyLimit }) => {
    app.setErrorHandler((error, request, reply) => {
      const problem = problemOf(error, request, bodyLimit);
      // A refusal below the free-space floor is expected (the crossing is logged once); a real full disk
      // is logged with its engine error.
      if (problem.status >= 500 && !(error instanceof AppError && error.status === 507)) {
        request.log.error({ err: error }, 'request failed');
      } else {
        request.log.info({ status: problem.status, key: problem.key }, 'request refused');
      }
      return sendProblem(request, reply, problem);
    });
  },
  { name: 'lintel-errors' },
);
