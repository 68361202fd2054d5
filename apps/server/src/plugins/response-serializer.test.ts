import { topicSummarySchema } from '@lintel/contracts/topics';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseSerializer, createResponseSerializerCompiler } from './response-serializer';

const viaZod = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

const id = (n: number) => n.toString(16).padStart(24, '0');
const topic = (n: number) => ({
  _id: id(n),
  projectId: id(1),
  number: n,
  name: `节点钢筋 "绑扎" \\ ${n}\n\u2028 🏗 \ud800`,
  status: 'processing',
  state: 'processingDelayed',
  priority: 'urgent',
  deadline: n % 2 ? '2026-12-01' : null,
  completedAt: null,
  delayDays: 3,
  delay: 'd1to7',
  domainId: null,
  speciesId: id(7),
  subcontractId: null,
  creatorId: id(2),
  mentions: [id(3), id(4)],
  participants: [],
  imageCount: 0,
  linkCount: 1,
  responseCount: 2,
  readByMe: true,
  unRead: false,
  following: false,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  creator: { _id: id(2), name: 'demo', nickName: '演示', avatar: '' },
  mentionedUsers: [{ _id: id(3), name: 'a', nickName: 'A', avatar: '' }],
  // Not in the schema: neither path may write it.
  passwordHash: 'secret',
});

describe('compiled response serializer', () => {
  it('writes a list page byte for byte as zod and JSON.stringify do, and nothing the schema does not name', () => {
    const schema = z.array(topicSummarySchema);
    const compiled = compileResponseSerializer(schema);
    expect(compiled).not.toBeNull();
    const rows = [topic(1), topic(2), { ...topic(3), creator: null, domainId: id(9) }];
    const written = compiled?.(rows) ?? '';
    expect(written).toBe(viaZod(schema)(rows));
    expect(written).not.toContain('secret');
    expect(JSON.parse(written)[2].creator).toBeNull();
  });

  it('keeps the order of the schema when an optional property sits between required ones', () => {
    const schema = z.object({
      a: z.string(),
      b: z.object({ x: z.number() }).nullable().optional(),
      c: z.string(),
    });
    for (const data of [
      { c: '3', a: '1', b: { x: 1 } },
      { a: '1', c: '3' },
      { a: '1', b: null, c: '3' },
    ]) {
      expect(compileResponseSerializer(schema)?.(data)).toBe(viaZod(schema)(data));
    }
  });

  it('applies the changes zod makes to a string (trim, lower case) as zod does', () => {
    const schema = z.object({ a: z.string().trim(), b: z.array(z.string().trim().toLowerCase()).nullable() });
    const data = { a: '  名称 ', b: [' ABC ', 'd'] };
    const compiled = compileResponseSerializer(schema);
    expect(compiled?.(data)).toBe('{"a":"名称","b":["abc","d"]}');
    expect(compiled?.(data)).toBe(viaZod(schema)(data));
  });

  it('tells a list from its count answer without a validator', () => {
    const schema = z.union([
      z.array(z.object({ _id: z.string(), n: z.number().nullable() })),
      z.object({ count: z.number() }),
    ]);
    const compiled = compileResponseSerializer(schema);
    expect(
      compiled?.([
        { _id: 'a', n: 1.5, x: 1 },
        { _id: 'b', n: null },
      ]),
    ).toBe('[{"_id":"a","n":1.5},{"_id":"b","n":null}]');
    expect(compiled?.({ count: 4 })).toBe('{"count":4}');
  });

  it('writes records and unknown values as JSON.stringify does', () => {
    const schema = z.object({
      sets: z.record(z.string(), z.array(z.unknown())),
      extra: z.unknown().optional(),
    });
    const data = { sets: { 甲: [1, 'a', { b: null }], b: [] }, extra: { deep: [true] } };
    expect(compileResponseSerializer(schema)?.(data)).toBe(viaZod(schema)(data));
  });

  it('leaves to zod what JSON Schema cannot say exactly', () => {
    expect(compileResponseSerializer(z.object({ at: z.date() }))).toBeNull();
    expect(compileResponseSerializer(z.object({ n: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compileResponseSerializer(z.looseObject({ a: z.string() }))).toBeNull();
    expect(compileResponseSerializer(z.object({ a: z.string().default('x') }))).toBeNull();
    expect(compileResponseSerializer(z.object({ a: z.union([z.string(), z.number()]) }))).toBeNull();
    expect(compileResponseSerializer(z.string())).toBeNull();
    // Values zod's parse changes, which JSON Schema does not show.
    expect(compileResponseSerializer(z.object({ a: z.coerce.string() }))).toBeNull();
  });

  it('in check mode refuses an answer its schema refuses, as zod alone did', () => {
    const schema = z.object({ n: z.number().int() });
    const input = { schema, method: 'GET', url: '/t', httpStatus: '200' } as never;
    expect(() => createResponseSerializerCompiler({ check: true })(input)({ n: 1.5 })).toThrow();
    expect(createResponseSerializerCompiler({ check: true })(input)({ n: 2 })).toBe('{"n":2}');
    // Unchecked, the compiled path writes without validating (the API suite runs checked).
    expect(createResponseSerializerCompiler({ check: false })(input)({ n: 2 })).toBe('{"n":2}');
  });
});
