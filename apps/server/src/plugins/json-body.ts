import fp from 'fastify-plugin';
import { AppError } from './app-error';

/** Deeper JSON than this is refused before it is parsed: no request of ours nests near it. */
export const MAX_JSON_DEPTH = 64;

/**
 * Does `text` open more than `max` arrays or objects inside each other? One pass over the characters,
 * skipping strings (with their escapes); malformed text is left to the parser.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string: a backslash escapes the next character.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

export const jsonTooDeepError = (max = MAX_JSON_DEPTH) =>
  new AppError(400, 'common.jsonTooDeep', { params: { max } });

/**
 * JSON bodies are checked for nesting before they are parsed: validation (zod), stringifying and the
 * database's JSON code all recurse, and thousands of levels overflowed the stack (a 500). Refused early with
 * 400 `common.jsonTooDeep`; the rest is Fastify's own parser (prototype poisoning refused as before).
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
        done(jsonTooDeepError(), undefined);
        return;
      }
      parse(request, body as string, done);
    });
  },
  { name: 'lintel-json-body' },
);
