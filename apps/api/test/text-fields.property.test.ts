import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { TEXT_PATTERNS, UNICODE_PATTERN } from '@portal/contract';
import { accountRoutes, adminRoutes, guestRoutes, memberRoutes } from '../src/routes';
import { startPortal, type TestPortal } from './harness';

/**
 * Every text field of every request (body, query,
 * headers, path) of every route refuses every control character, through
 * the contract's one `text()` schema. The routes are read from routes.ts, so
 * a new domain's fields are tried as soon as its routes are listed there.
 */

interface Field {
  route: string;
  part: string;
  name: string;
  object: z.ZodType;
  multiline: boolean;
  usesText: boolean;
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  checks?: Array<{ _zod: { def: { pattern?: RegExp } } }>;
  format?: string;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The string schema under optional / nullable / default / pipe / transform wrappers, if any. */
function stringUnder(schema: z.ZodType): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 10; depth += 1) {
    const def = defOf(current);
    if (def.type === 'string') return current;
    current = def.type === 'pipe' ? def.in : def.innerType;
  }
  return undefined;
}

/** Not valid Unicode text: lone surrogates (either half, alone or reversed) and noncharacters of the BMP and the astral planes. */
const INVALID_UNICODE = [
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\udc00\ud800',
  '\ufffe',
  '\uffff',
  '\ufdd0',
  '\ufdef',
  '\u{1fffe}',
  '\u{1ffff}',
  '\u{10fffe}',
  '\u{10ffff}',
];
const code = (value: string) => [...value].map((c) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`).join(' ');

/**
 * Every string schema anywhere under `schema` (nested objects, arrays,
 * unions, records, wrappers) with where it is: the top-level fields are
 * tried value by value below; this finds the ones deeper down that would
 * bypass `text()` unseen.
 */
function stringsWithin(
  schema: z.ZodType,
  path: string,
  seen = new Set<z.ZodType>(),
): Array<{ path: string; schema: z.ZodType }> {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === 'string') return [{ path, schema }];
  const children: Array<[string, z.ZodType | undefined]> = [
    ...Object.entries(def.shape ?? {}).map(([name, child]) => [`${path}.${name}`, child] as [string, z.ZodType]),
    [`${path}[]`, def.element],
    [`${path}{}`, def.valueType],
    ...(def.options ?? []).map((child, i) => [`${path}|${i}`, child] as [string, z.ZodType]),
    ...(def.items ?? []).map((child, i) => [`${path}[${i}]`, child] as [string, z.ZodType]),
    [path, def.innerType],
    [path, def.in],
    [path, def.out],
    [path, def.left],
    [path, def.right],
  ];
  return children.flatMap(([where, child]) => (child ? stringsWithin(child, where, seen) : []));
}

const isText = (string: z.ZodType) => {
  const def = defOf(string);
  const patterns = (def.checks ?? []).map((check) => check._zod.def.pattern).filter(Boolean);
  return (
    Boolean(def.format) ||
    (patterns.some((pattern) => TEXT_PATTERNS.includes(pattern!)) && patterns.includes(UNICODE_PATTERN))
  );
};

const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((code) => String.fromCharCode(code));
const LINE_CONTROLS = new Set(['\t', '\n', '\r']);

let portal: TestPortal;
const fields: Field[] = [];
const bareStrings: string[] = [];

beforeAll(async () => {
  portal = await startPortal();
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as Record<string, z.ZodType | undefined>;
    for (const part of ['body', 'querystring', 'headers', 'params']) {
      const object = schema[part];
      if (!object) continue;
      for (const found of stringsWithin(object, part)) {
        if (!isText(found.schema)) bareStrings.push(`${[route.method].flat().join(',')} ${route.url} ${found.path}`);
      }
      if (defOf(object).type !== 'object') continue;
      for (const [name, field] of Object.entries(defOf(object).shape ?? {})) {
        const string = stringUnder(field);
        if (!string) continue;
        const def = defOf(string);
        if (def.format) continue; // z.iso.date() and the like: a fixed format, no free text
        const patterns = (def.checks ?? []).map((check) => check._zod.def.pattern).filter(Boolean);
        fields.push({
          route: `${[route.method].flat().join(',')} ${route.url}`,
          part,
          name,
          object,
          multiline: patterns.includes(TEXT_PATTERNS[1]),
          usesText: patterns.some((pattern) => TEXT_PATTERNS.includes(pattern!)) && patterns.includes(UNICODE_PATTERN),
        });
      }
    }
  });
  await app.register(
    async (api) => {
      for (const [routes, prefix] of guestRoutes) await api.register(routes(portal.ctx), { prefix });
      for (const routes of [...accountRoutes, ...memberRoutes]) await api.register(routes(portal.ctx));
      await api.register(
        async (admin) => {
          for (const routes of adminRoutes) await admin.register(routes(portal.ctx));
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api' },
  );
  await app.ready();
  await app.close();
});

afterAll(async () => {
  await portal?.close();
});

describe('every text field of the contract', () => {
  it('finds the text fields of the routes (register, login-free forms, filters, adjustments)', () => {
    const names = new Set(fields.map((f) => `${f.route} ${f.name}`));
    for (const expected of [
      'POST /api/auth/register fullName',
      'POST /api/auth/register sponsor',
      'PATCH /api/me fullName',
      'POST /api/transfers toUsername',
      'GET /api/admin/members search',
      'POST /api/admin/members/:id/adjustments reason',
    ]) {
      expect(names, expected).toContain(expected);
    }
  });

  it('is built on the shared text() schema, never a bare z.string()', () => {
    const bare = fields.filter((f) => !f.usesText).map((f) => `${f.route} ${f.part}.${f.name}`);
    expect(bare).toEqual([]);
  });

  it('has no string below the top level (in an array, a nested object, a union) that is not built on text()', () => {
    expect(bareStrings).toEqual([]);
  });

  it('keeps valid text: letters of every script, emoji (a surrogate pair), U+FFFD and the private use area', () => {
    const valid = ['Zoë Ñandú', 'Анна', '李小龍', 'مريم', '😀👍🏽', 'a\ufffdb', '\ue000', '\u{10fffd}', '\u{1fffd}'];
    for (const field of fields) {
      for (const value of valid) {
        const result = field.object.safeParse({ [field.name]: value });
        const issues = result.success
          ? []
          : result.error.issues.filter((issue) => issue.path[0] === field.name).map((issue) => issue.message);
        expect(
          issues.filter((message) => /Unicode|control/.test(message)),
          `${field.route} ${field.name} ${JSON.stringify(value)}`,
        ).toEqual([]);
      }
    }
  });

  it('refuses every control character, lone surrogate and noncharacter, anywhere in the value, naming the field', () => {
    for (const field of fields) {
      const refused = CONTROLS.filter((c) => !(field.multiline && LINE_CONTROLS.has(c)));
      const refuses = (value: string) => {
        const result = field.object.safeParse({ [field.name]: value });
        return !result.success && result.error.issues.some((issue) => issue.path[0] === field.name);
      };
      for (const c of refused) {
        expect(
          refuses(`ab${c}cd`),
          `${field.route} ${field.name} U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
        ).toBe(true);
      }
      for (const bad of INVALID_UNICODE) {
        expect(refuses(`ab${bad}cd`), `${field.route} ${field.name} ${code(bad)}`).toBe(true);
        expect(refuses(bad), `${field.route} ${field.name} ${code(bad)} alone`).toBe(true);
      }
      fc.assert(
        fc.property(
          fc.string({ maxLength: 20 }),
          fc.constantFrom(...refused, ...INVALID_UNICODE),
          fc.string({ maxLength: 20 }),
          (before, c, after) => refuses(before + c + after),
        ),
        { numRuns: 50 },
      );
    }
  });
});
