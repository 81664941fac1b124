import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UNICODE_PATTERN } from '@portal/contract';
import { bearer, errorOf, loginAdmin, registerMember, startPortal, type Session, type TestPortal } from './harness';

/**
 * Over HTTP, as an attacker sends it: every text field of every operation of
 * the API document (`/api/docs/json`), in the JSON body, the query string or
 * the path, gets a lone surrogate and a noncharacter and must answer 400
 * naming that field, never a 500 (PostgreSQL refuses a lone surrogate in a
 * jsonb parameter) and never a silent U+FFFD. The contract's rule is
 * `text()` (packages/contract/src/text.ts); a text field is found by the
 * pattern it documents, so a new operation is tried as soon as it exists.
 *
 * JSON.parse turns the escape `\ud800` into a lone surrogate, so the bodies
 * are raw JSON text. A query or a path carries UTF-8: a lone surrogate is the
 * bytes ED A0 80 there (what a WTF-8 client sends), which are not UTF-8.
 */

type Schema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  example?: unknown;
  minimum?: number;
  minLength?: number;
  allOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  security?: Array<Record<string, unknown>>;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface TextField {
  method: string;
  path: string;
  part: 'body' | 'query' | 'path';
  name: string;
  operation: Operation;
}

/** As raw JSON text (body) and as percent-encoded UTF-8 (query, path). */
const BAD_VALUES = [
  { what: 'a lone high surrogate', json: '"ab\\ud800cd"', url: `ab${'%ED%A0%80'}cd` },
  { what: 'a lone low surrogate', json: '"\\udfff"', url: '%ED%BF%BF' },
  { what: 'the noncharacter U+FFFF', json: '"ab\\uffffcd"', url: `ab${encodeURIComponent('\uffff')}cd` },
  { what: 'the noncharacter U+FDD0', json: JSON.stringify('ab\ufdd0cd'), url: encodeURIComponent('\ufdd0') },
  { what: 'the noncharacter U+10FFFF', json: JSON.stringify('\u{10ffff}'), url: encodeURIComponent('ab\u{10ffff}') },
];

const isText = (schema: Schema | undefined): boolean =>
  Boolean(
    schema &&
    [schema, ...(schema.allOf ?? []), ...(schema.anyOf ?? [])].some(
      (part) => part.pattern === UNICODE_PATTERN.source || isText(part.anyOf?.[0]),
    ),
  );

/** A value the schema accepts, for the fields around the one tried (a 400 must name the field tried, not another). */
function sample(name: string, schema: Schema): unknown {
  if (schema.enum) return schema.enum.find((value) => value !== null);
  const variant = schema.anyOf?.find((part) => part.type !== 'null');
  if (variant) return sample(name, variant);
  if (schema.type === 'boolean') return true;
  if (schema.type === 'integer' || schema.type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (schema.type === 'array') return schema.items ? [sample(name, schema.items)] : [];
  if (schema.type === 'object') return {};
  if (schema.format === 'email') return 'someone@example.com';
  if (schema.format === 'date') return '2026-01-02';
  if (schema.example !== undefined) return schema.example;
  if (schema.pattern && !isText({ allOf: [schema] }))
    return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 7 })[0];
  if (/password/i.test(name)) return 'Correct-Horse-Battery-9';
  return 'Plain-text-1'.padEnd(schema.minLength ?? 0, 'x');
}

let portal: TestPortal;
let admin: Session;
let member: Session;
const fields: TextField[] = [];

beforeAll(async () => {
  portal = await startPortal();
  admin = await loginAdmin(portal.app);
  member = await registerMember(portal.app);
  const document = (await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      // The Basic credentials of the sign-in are not a schema field; basic-credentials.ts checks them (tested below).
      if (operation.security?.some((scheme) => 'basic' in scheme)) continue;
      for (const parameter of operation.parameters ?? []) {
        // A header carries bytes read as Latin-1: it cannot hold a surrogate or a noncharacter.
        if (parameter.in !== 'header' && isText(parameter.schema))
          fields.push({ method, path, part: parameter.in, name: parameter.name, operation });
      }
      const body = operation.requestBody?.content?.['application/json']?.schema;
      for (const [name, schema] of Object.entries(body?.properties ?? {})) {
        if (isText(schema)) fields.push({ method, path, part: 'body', name, operation });
      }
    }
  }
});

afterAll(async () => {
  await portal?.close();
});

function requestFor(field: TextField, bad: (typeof BAD_VALUES)[number]) {
  const { operation } = field;
  const parameters = operation.parameters ?? [];
  const pathValue = (parameter: Parameter) =>
    field.part === 'path' && parameter.name === field.name
      ? bad.url
      : encodeURIComponent(String(sample(parameter.name, parameter.schema)));
  const url = field.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    pathValue(parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)!),
  );
  const query = parameters
    .filter((parameter) => parameter.in === 'query' && (parameter.required || parameter.name === field.name))
    .map(
      (parameter) =>
        `${encodeURIComponent(parameter.name)}=${field.part === 'query' && parameter.name === field.name ? bad.url : encodeURIComponent(String(sample(parameter.name, parameter.schema)))}`,
    )
    .join('&');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  let payload: string | undefined;
  if (bodySchema) {
    const body: Record<string, unknown> = {};
    for (const name of bodySchema.required ?? []) body[name] = sample(name, bodySchema.properties![name]!);
    // A PATCH changes at least one field (openapi/document.ts refuses an empty one first).
    const first = Object.entries(bodySchema.properties ?? {})[0];
    if (Object.keys(body).length === 0 && field.part !== 'body' && first) body[first[0]] = sample(first[0], first[1]);
    if (field.part === 'body') body[field.name] = '\u0000BAD\u0000';
    payload = JSON.stringify(body).replace('"\\u0000BAD\\u0000"', bad.json);
  }
  const signedIn = operation.security?.some((scheme) => 'bearer' in scheme);
  return {
    method: field.method.toUpperCase() as 'GET',
    url: query ? `${url}?${query}` : url,
    headers: {
      ...(signedIn ? bearer(field.path.startsWith('/api/admin/') ? admin : member) : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  };
}

describe('every text field of every operation, over HTTP', () => {
  it('finds the text fields of the document: bodies, query strings and paths', () => {
    const names = new Set(
      fields.map((field) => `${field.method.toUpperCase()} ${field.path} ${field.part}.${field.name}`),
    );
    for (const expected of [
      'POST /api/transfers body.toUsername',
      'POST /api/auth/register body.fullName',
      'POST /api/admin/members/{id}/adjustments body.reason',
      'POST /api/admin/redemptions/{id}/reject body.reason',
      'POST /api/admin/withdrawals/{id}/reject body.reason',
      'POST /api/withdrawal-addresses body.address',
      'GET /api/admin/members query.search',
      'GET /api/network/sponsor query.username',
      'GET /api/media/products/{file} path.file',
      'GET /api/admin/users/{id} path.id',
    ]) {
      expect(names, expected).toContain(expected);
    }
  });

  it('answers 400 naming the field for a lone surrogate or a noncharacter, never 500', async () => {
    const wrong: string[] = [];
    for (const field of fields) {
      for (const bad of BAD_VALUES) {
        const res = await portal.app.inject(requestFor(field, bad));
        const body = res.json<{ code?: string; field?: string }>();
        // Bytes that are not UTF-8 in the path stop the router before any route is known: a 400
        // without a field (shared/error-handler.ts `frameworkErrors`). Everywhere else the field is named.
        const beforeRouting = field.part === 'path' && bad.what.includes('surrogate');
        const expected = beforeRouting
          ? { code: 'BAD_REQUEST', field: undefined }
          : { code: 'VALIDATION_ERROR', field: field.name };
        if (res.statusCode !== 400 || body.code !== expected.code || body.field !== expected.field) {
          wrong.push(
            `${field.method.toUpperCase()} ${field.path} ${field.part}.${field.name} with ${bad.what}: ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the reproduction: a transfer to "\\ud800" is a 400 naming toUsername, not a 500', async () => {
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/transfers',
      headers: { ...bearer(member), 'content-type': 'application/json' },
      payload: '{"toUsername":"\\ud800","amount":"1"}',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'toUsername' });
    expect(errorOf(res).message).toMatch(/valid Unicode/);
  });

  it('keeps a surrogate pair (an emoji) and stores it as sent', async () => {
    const res = await portal.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...bearer(member), 'content-type': 'application/json' },
      payload: '{"fullName":"Zo\\u00eb \\ud83d\\ude00 \\u674e"}',
    });
    expect(res.statusCode).toBe(200);
    const me = await portal.app.inject({ method: 'GET', url: '/api/me', headers: bearer(member) });
    expect(me.json().fullName).toBe('Zoë 😀 李');
  });

  it('refuses a noncharacter in the Basic credentials of the sign-in, naming the field', async () => {
    for (const [username, password, field] of [
      ['ad\uffffmin', 'whatever-password', 'username'],
      ['admin', 'pass\u{10ffff}word', 'password'],
    ] as const) {
      const res = await portal.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
  });

  it('refuses a query whose percent-encoding is not UTF-8 (a lone %, %FF), naming the parameter', async () => {
    for (const query of ['search=%FF', 'search=abc%', 'search=%E2%82']) {
      const res = await portal.app.inject({
        method: 'GET',
        url: `/api/admin/members?${query}`,
        headers: bearer(admin),
      });
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res), query).toMatchObject({ code: 'VALIDATION_ERROR', field: 'search' });
    }
    const plain = await portal.app.inject({
      method: 'GET',
      url: `/api/admin/members?search=${encodeURIComponent('100% Zoë')}`,
      headers: bearer(admin),
    });
    expect(plain.statusCode).toBe(200);
  });

  it('looks at the query only on routes that read one (not on a transfer), after the guard like the rest of the validation', async () => {
    // POST /api/transfers has no query schema: its own validation answers, naming the body's field, not `x`.
    const transfer = await portal.app.inject({
      method: 'POST',
      url: '/api/transfers?x=%FF',
      headers: { ...bearer(member), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(transfer.statusCode).toBe(400);
    expect(errorOf(transfer)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'toUsername' });
    // A signed-out client is told it is signed out first, as for any other bad query.
    const signedOut = await portal.app.inject({ method: 'GET', url: '/api/admin/members?search=%FF' });
    expect(signedOut.statusCode).toBe(401);
  });
});
