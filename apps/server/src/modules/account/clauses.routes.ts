import {
  type ClauseBlock,
  clauseBlocks,
  clauseKindSchema,
  clauseSchema,
  clauseUpdateSchema,
} from '@lintel/contracts/account';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-responses';
import { noQuerySchema } from '../../plugins/route-schemas';
import { requireSystemAdmin } from '../../plugins/session';
import type { ClausesService } from './clauses.service';

const kindParams = z.strictObject({ kind: clauseKindSchema });

/** account-service: the clauses in force (anyone: the register page shows their versions) and their editor. */
export const clausesRoutes: FastifyPluginAsyncZod<{ clauses: ClausesService }> = async (app, { clauses }) => {
  app.get(
    '/system/profile/clauses',
    {
      schema: {
        tags: ['system'],
        summary: 'The user agreement and the privacy policy in force: versions and texts in both languages',
        querystring: noQuerySchema,
        response: { 200: z.array(clauseSchema) },
      },
    },
    async () => clauses.list(),
  );

  app.put(
    '/system/profile/clauses/:kind',
    {
      onRequest: requireSystemAdmin,
      schema: {
        tags: ['system'],
        summary: 'Replace the user agreement or the privacy policy (system administrators)',
        description:
          'Both languages and the version the editor started from. A changed text becomes the next version ' +
          '(registrations then accept that one); the same text changes nothing. 409 account.clauseChanged ' +
          'when another version was written meanwhile. Recorded in the audit log.',
        params: kindParams,
        querystring: noQuerySchema,
        body: clauseUpdateSchema,
        response: { 200: clauseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => clauses.replace(request.user!, request.ip, request.params.kind, request.body),
  );
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function blockHtml(block: ClauseBlock, first: boolean): string {
  const text = escapeHtml(block.text).replaceAll('\n', '<br>');
  if (block.kind === 'heading') return first ? `<h1>${text}</h1>` : `<h2>${text}</h2>`;
  return `<p>${text}</p>`;
}

/** The page a clause link opens: its text as plain HTML (no script, styles inline in this page only). */
export function clausePageHtml(text: string, title: string, lang: string, version: number): string {
  const blocks = clauseBlocks(text);
  const body = blocks.map((block, index) => blockHtml(block, index === 0)).join('\n');
  const versionLine = lang === 'en-US' ? `Version ${version}` : `版本 ${version}`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;padding:24px 16px 48px;font:16px/1.7 system-ui,-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1f1f1f;background:#fff}
main{max-width:760px;margin:0 auto;overflow-wrap:anywhere}
h1{font-size:24px;line-height:1.4;margin:0 0 4px}
h2{font-size:18px;margin:28px 0 8px}
p{margin:0 0 12px}
.version{color:#8c8c8c;font-size:14px;margin-bottom:24px}
</style>
</head>
<body>
<main>
${body}
<p class="version">${versionLine}</p>
</main>
</body>
</html>
`;
}

/**
 * base-service/clauses/{agreement|privacy} (spec 000 §2): the page the sign-in, SMS and register views open in
 * a new window, in the request's language (Accept-Language or `lang`). No session needed.
 */
export const clausePageRoutes: FastifyPluginAsyncZod<{ clauses: ClausesService }> = async (
  app,
  { clauses },
) => {
  app.get(
    '/clauses/:kind',
    {
      schema: {
        tags: ['system'],
        summary: 'The user agreement or the privacy policy in force, as a page (no session)',
        params: kindParams,
        querystring: z.strictObject({ lang: z.string().max(16).optional() }),
        response: { 200: z.string().describe('text/html'), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { clause, text, title } = await clauses.page(request.params.kind, request.language);
      return (
        reply
          .type('text/html; charset=utf-8')
          // The API's policy allows nothing; this page needs its own inline style, still no script.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
          )
          .header('cache-control', 'no-cache')
          .send(clausePageHtml(text, title, request.language, clause.version))
      );
    },
  );
};
