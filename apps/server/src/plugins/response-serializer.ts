import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * Fastify's serializer compiler for our zod response schemas (issue 15 §3). fastify-type-provider-zod parses
 * every answer with its zod schema and then JSON.stringify's the result: for a list page that is a full
 * walk of every row twice. Here a response schema that JSON Schema can describe exactly (plain objects,
 * arrays, strings, numbers, booleans, enums, null, records, `X | null`) is compiled once into a writer
 * that walks the answer once and writes only the properties the schema names, in the schema's order — so,
 * as before, no column the presenter did not name can leak, and the bytes are the ones zod's path wrote
 * (fast-json-stringify was tried: it writes required properties before optional ones, a different order).
 * Anything else (transforms, dates, defaults, references, unions that only a validator could tell apart)
 * keeps the zod path, unchanged.
 *
 * The compiled path does not validate: a value of the wrong type from a presenter is no longer a 500 but
 * is written as it is. To keep the two paths one in meaning, `check: true` (every test run)
 * serializes each answer both ways and throws when they differ — so the whole API suite, on both engines,
 * proves the compiled answers byte for byte equal to the zod ones, invalid answers included.
 */

type Serializer = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;
type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];
/** The part of a zod schema's definition read here. */
interface ZodDef {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: { check: string; tx?: (value: unknown) => unknown } } }[];
}
type Change = (value: unknown) => unknown;
/** On a JSON Schema node: the value changes (`overwrite` checks: trim, lower case) zod's parse applies. */
const OVERWRITES = '~overwrites';

/** Keywords the compiled path understands, or that only validate (and so change nothing in the output). */
const ALLOWED = new Set([
  '$schema',
  '~overwrites',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'propertyNames',
  'description',
  'title',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'multipleOf',
]);
const VALIDATION_ONLY = [
  'description',
  'title',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
] as const;

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON type a schema writes, when it writes exactly one. */
function singleType(schema: JsonSchema): string | null {
  return typeof schema.type === 'string' ? schema.type : null;
}

/**
 * A copy of `schema` the compiled path serializes exactly as zod + JSON.stringify would, or null. `X | null`
 * becomes `type: [X, 'null']`; any other union is refused (telling its branches apart needs a validator).
 */
function plain(schema: unknown): JsonSchema | null {
  if (!isSchema(schema)) return null;
  for (const key of Object.keys(schema)) if (!ALLOWED.has(key)) return null;
  const out: JsonSchema = { ...schema };
  delete out.$schema;
  // Validation keywords: the compiled path never validates (the zod path checks them in tests).
  for (const key of VALIDATION_ONLY) delete out[key];
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf;
    if (branches.length !== 2 || Object.keys(out).some((k) => k !== 'anyOf')) return null;
    const nullIndex = branches.findIndex(
      (b) => isSchema(b) && b.type === 'null' && Object.keys(b).length === 1,
    );
    if (nullIndex === -1) return null;
    const other = plain(branches[1 - nullIndex]);
    const type = other ? singleType(other) : null;
    if (!other || !type || type === 'null' || other.enum !== undefined || other.const !== undefined)
      return null;
    return { ...other, type: [type, 'null'] };
  }
  if (Array.isArray(schema.type)) {
    // zod writes `T | null` of a primitive as a type list; any other list is a union for zod to write.
    const [first, second, ...more] = schema.type;
    const other = first === 'null' ? second : second === 'null' ? first : undefined;
    if (more.length > 0 || !['string', 'number', 'integer', 'boolean'].includes(String(other))) return null;
  } else if (typeof schema.type !== 'string') {
    // `{}` (unknown, any, JSON): written by JSON.stringify in both paths.
    return Object.keys(out).length === 0 ? out : null;
  }
  if (schema.enum !== undefined || schema.const !== undefined) {
    // Values only: the writer writes them as they are.
    if (typeof schema.type !== 'string') return null;
    delete out.enum;
    delete out.const;
  }
  if (schema.type === 'array') {
    if (schema.items === undefined) return out;
    const items = plain(schema.items);
    if (!items) return null;
    out.items = items;
    delete out.minItems;
    delete out.maxItems;
  }
  if (schema.type === 'object') {
    delete out.propertyNames;
    if (isSchema(schema.properties)) {
      const properties: JsonSchema = {};
      for (const [name, property] of Object.entries(schema.properties)) {
        const compiled = plain(property);
        if (!compiled) return null;
        properties[name] = compiled;
      }
      out.properties = properties;
    }
    if (isSchema(schema.additionalProperties)) {
      // A record (`propertyNames`, no named properties) writes every key; an object that also keeps unknown
      // keys (loose, catchall) is zod's to write.
      if (schema.properties !== undefined) return null;
      const additional = plain(schema.additionalProperties);
      if (!additional) return null;
      out.additionalProperties = additional;
    } else if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
      return null;
    }
    // A loose object (passthrough) would keep unknown keys in zod's output: not ours to guess.
    if (schema.additionalProperties === undefined && schema.propertyNames === undefined) return null;
  }
  return out;
}

type Write = (value: unknown) => string;

/**
 * Characters JSON.stringify escapes in a string (quote, backslash, controls) or may (surrogate halves): such a
 * string goes to JSON.stringify itself.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it looks for
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Leaves by their type: the bytes JSON.stringify writes, without its generic walk in the common case. */
const writeAny: Write = (value) => JSON.stringify(value) ?? 'null';
const writeString: Write = (value) =>
  typeof value === 'string' && !NEEDS_ESCAPE.test(value) ? `"${value}"` : writeAny(value);
const writeNumber: Write = (value) =>
  typeof value === 'number' && Number.isFinite(value) ? `${value}` : writeAny(value);
const writeBoolean: Write = (value) =>
  value === true ? 'true' : value === false ? 'false' : writeAny(value);
const LEAVES: Record<string, Write> = {
  string: writeString,
  number: writeNumber,
  integer: writeNumber,
  boolean: writeBoolean,
};

/**
 * A writer for a schema `plain` accepted: the properties the schema names, in its order (zod's output order),
 * each skipped when undefined as JSON.stringify skips it; anything else in the object is never read. An
 * object's writer is generated code (one line per property), as db/open.ts builds rows.
 */
function writerOf(schema: JsonSchema, changes: readonly Change[][]): Write {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = String(types.find((t) => t !== 'null'));
  if (type === 'array' && isSchema(schema.items)) {
    const item = writerOf(schema.items, changes);
    return (value) => {
      if (!Array.isArray(value)) return writeAny(value);
      let out = '[';
      for (let i = 0; i < value.length; i++) {
        const element = value[i];
        out += (i === 0 ? '' : ',') + (element === undefined || element === null ? 'null' : item(element));
      }
      return `${out}]`;
    };
  }
  if (type === 'object' && isSchema(schema.properties)) {
    const entries = Object.entries(schema.properties);
    const writers = entries.map(([, property]) => writerOf(property as JsonSchema, changes));
    const lines = entries.map(([name], i) => {
      const key = JSON.stringify(`${JSON.stringify(name)}:`);
      return `v = o[${JSON.stringify(name)}]; if (v !== undefined) out += (out.length === 1 ? ${key} : ',' + ${key}) + (v === null ? 'null' : w[${i}](v));`;
    });
    const write = new Function(
      'w',
      'writeAny',
      `return function (o) { if (typeof o !== 'object' || o === null || Array.isArray(o)) return writeAny(o); let out = '{'; let v; ${lines.join(' ')} return out + '}'; };`,
    )(writers, writeAny) as Write;
    return write;
  }
  if (type === 'object' && isSchema(schema.additionalProperties)) {
    const entry = writerOf(schema.additionalProperties, changes);
    return (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return writeAny(value);
      const object = value as Record<string, unknown>;
      let out = '{';
      for (const name of Object.keys(object)) {
        const v = object[name];
        if (v === undefined) continue;
        out += `${out.length === 1 ? '' : ','}${writeString(name)}:${v === null ? 'null' : entry(v)}`;
      }
      return `${out}}`;
    };
  }
  const leaf = LEAVES[type] ?? writeAny;
  const overwrites = typeof schema[OVERWRITES] === 'number' ? changes[schema[OVERWRITES]] : undefined;
  if (!overwrites || type !== 'string') return leaf;
  return (value) => {
    if (typeof value !== 'string') return leaf(value);
    let changed: unknown = value;
    for (const overwrite of overwrites) changed = overwrite(changed);
    return leaf(changed);
  };
}

/** A compiled serializer for `schema`, or null when only the zod path writes it exactly. */
export function compileResponseSerializer(schema: ZodType): Serializer | null {
  let json: unknown;
  // What JSON Schema does not show: values zod's parse changes. A string's `overwrite` checks (trim, lower
  // case) are applied by the writer too; anything else (coercion, overwrites of other types) stays zod's.
  let changesValues = false;
  const changes: Change[][] = [];
  try {
    json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
      override: ({ zodSchema, jsonSchema }) => {
        const def = (zodSchema as { _zod: { def: ZodDef } })._zod.def;
        if (def.coerce) changesValues = true;
        const overwrites = (def.checks ?? [])
          .map((check) => check._zod.def)
          .filter((check) => check.check === 'overwrite');
        if (overwrites.length === 0) return;
        // Only a string's (trim, lower case): applied before writing, as zod's parse applies them.
        if (def.type !== 'string' || overwrites.some((check) => typeof check.tx !== 'function')) {
          changesValues = true;
          return;
        }
        // JSON Schema nodes are copied as data (functions dropped): the node names its entry in `changes`.
        (jsonSchema as JsonSchema)[OVERWRITES] = changes.push(overwrites.map((check) => check.tx!)) - 1;
      },
    });
  } catch {
    return null;
  }
  if (changesValues || !isSchema(json)) return null;
  // A list that may also answer `{count}` (only_count=true): told apart by Array.isArray, no validator.
  if (
    Array.isArray(json.anyOf) &&
    json.anyOf.length === 2 &&
    Object.keys(json).every((k) => k === 'anyOf' || k === '$schema')
  ) {
    const branches = json.anyOf.map((b) => plain(b));
    const array = branches.find((b) => b && b.type === 'array');
    const object = branches.find((b) => b && b.type === 'object');
    if (!array || !object) return null;
    const writeArray = writerOf(array, changes);
    const writeObject = writerOf(object, changes);
    return (data) => (Array.isArray(data) ? writeArray(data) : writeObject(data));
  }
  const compiled = plain(json);
  if (!compiled || (singleType(compiled) !== 'object' && singleType(compiled) !== 'array')) return null;
  return writerOf(compiled, changes);
}

/** One compiled writer per schema object (the error answers share theirs), null when zod's path writes it. */
const compiledWriters = new WeakMap<object, Serializer | null>();

function compiledFor(schema: unknown): Serializer | null {
  if (!(schema instanceof z.ZodType)) return null;
  let compiled = compiledWriters.get(schema);
  if (compiled === undefined) {
    try {
      compiled = compileResponseSerializer(schema);
    } catch {
      compiled = null;
    }
    compiledWriters.set(schema, compiled);
  }
  return compiled;
}

/**
 * Compiles on a route's first answer, not when the route is added: ~400 routes with several statuses each
 * would otherwise add their JSON Schema conversions to every cold start.
 */
export function createResponseSerializerCompiler({ check }: { check: boolean }) {
  return (input: CompilerInput): Serializer => {
    const viaZod = zodSerializerCompiler(input) as Serializer;
    let write: Serializer | undefined;
    return (data) => {
      if (write === undefined) {
        const compiled = compiledFor(input.schema);
        write = !compiled || !check ? (compiled ?? viaZod) : checked(compiled, viaZod, input);
      }
      return write(data);
    };
  };
}

function checked(compiled: Serializer, viaZod: Serializer, input: CompilerInput): Serializer {
  return (data) => {
    const expected = viaZod(data); // throws, as in production before, on an answer its schema refuses
    const written = compiled(data);
    if (written !== expected) {
      throw new Error(
        `compiled response serializer of ${input.method} ${input.url} differs from zod's:\n${written}\n${expected}`,
      );
    }
    return written;
  };
}
