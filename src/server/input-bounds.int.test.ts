import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_INTEGER_MAX, PG_INTEGER_MIN } from '@shared/column-bounds';
import type { RunningServer } from './start-server';
import { send } from '@test/server/sessions';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer } from '@test/server/test-server';

/**
 * Every number a route takes, as /api/openapi.json describes it, sent out of range — past its own
 * bounds, past the database's integer columns, past what JSON numbers hold — by a signed-in user
 * who accepted the terms and is an operator of the console (so /api/admin answers rather than 404);
 * and every date-time, at the edges ISO allows and Postgres does not.
 * Each is refused with 400 before anything reaches the database; no answer is a 500. And every
 * numeric input declares bounds within a Postgres integer, so a new field without them fails here
 * before it can fail in production.
 */
let server: RunningServer;
let client: SignedInClient;
let doc: OpenApiDocument;
/** Ids of the user's own rows, so that a request gets past "not found" to the queries that use its numbers. */
const ownIds = new Map<string, string>();
beforeAll(async () => {
  const operator = `bounds-${randomUUID()}@example.test`;
  server = await startTestServer({ ADMIN_EMAILS: operator });
  client = await signedInUser(server, { email: operator });
  doc = (await (await client.get('/api/openapi.json')).json()) as OpenApiDocument;
  const { session_id, message } = await send(client, { session_id: 'new', content_text: 'hello', file_ids: [] });
  ownIds.set('/api/sessions/{id}', session_id);
  ownIds.set('/api/messages/{id}', message.id);
});
afterAll(() => server?.stop());

interface Schema {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  format?: string;
  enum?: unknown[];
  minLength?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** A numeric (or date-time) input of one route: where it goes and its declared schema. */
interface RouteInput {
  method: string;
  path: string;
  operation: Operation;
  place: 'path' | 'query' | 'body';
  /** The parameter's name, or the property path in the JSON body. */
  name: string[];
  schema: Schema;
}

const resolve = (schema: Schema): Schema => {
  let current = schema;
  while (current.$ref) current = doc.components!.schemas![current.$ref.split('/').pop()!]!;
  // A union with null (an optional number) is the number.
  const branch = (current.anyOf ?? current.oneOf)?.find((option) => resolve(option).type !== 'null');
  return branch ? resolve(branch) : current;
};
const typesOf = (schema: Schema) => [schema.type ?? []].flat();
const isNumeric = (schema: Schema) => typesOf(schema).some((type) => type === 'integer' || type === 'number');
const isDateTime = (schema: Schema) => typesOf(schema).includes('string') && schema.format === 'date-time';

/** Every input of every route whose schema `matches`, in path and query parameters and JSON bodies. */
function inputsWhere(matches: (schema: Schema) => boolean): RouteInput[] {
  const inputs: RouteInput[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const parameter of operation.parameters ?? []) {
        const schema = resolve(parameter.schema);
        if (matches(schema) && (parameter.in === 'path' || parameter.in === 'query'))
          inputs.push({ method, path, operation, place: parameter.in, name: [parameter.name], schema });
      }
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const visit = (schema: Schema, name: string[]) => {
        const resolved = resolve(schema);
        if (matches(resolved)) inputs.push({ method, path, operation, place: 'body', name, schema: resolved });
        for (const [property, child] of Object.entries(resolved.properties ?? {})) visit(child, [...name, property]);
        for (const part of resolved.allOf ?? []) visit(part, name);
      };
      if (body) visit(body, []);
    }
  }
  return inputs;
}
const numericInputs = () => inputsWhere(isNumeric);

/** A valid value for a schema, so that only the number under test is wrong. */
function validValue(schema: Schema): unknown {
  const resolved = resolve(schema);
  if (resolved.enum) return resolved.enum[0];
  const type = typesOf(resolved).find((candidate) => candidate !== 'null');
  if (type === 'integer' || type === 'number') return Math.max(resolved.minimum ?? 1, 1);
  if (type === 'boolean') return false;
  if (type === 'array') return Array.from({ length: resolved.minItems ?? 0 }, () => validValue(resolved.items ?? {}));
  if (type === 'object') {
    const value: Record<string, unknown> = {};
    for (const property of resolved.required ?? []) value[property] = validValue(resolved.properties![property]!);
    return value;
  }
  if (resolved.format === 'uuid') return randomUUID();
  if (resolved.format === 'date-time') return new Date().toISOString();
  return 'x'.repeat(Math.max(resolved.minLength ?? 1, 1));
}

/** Numbers outside what the input allows: its own bounds, a Postgres integer, a JavaScript number's exact range, a fraction for an integer. */
function outOfRange(schema: Schema): { value: number; label: string }[] {
  const values = [
    { value: PG_INTEGER_MAX + 1, label: 'int4 max + 1' },
    { value: PG_INTEGER_MIN - 1, label: 'int4 min - 1' },
    { value: 2 ** 63, label: 'int8 max + 1' },
    { value: 1e308, label: '1e308' },
    { value: -1e308, label: '-1e308' },
  ];
  if (schema.maximum !== undefined) values.push({ value: schema.maximum + 1, label: 'maximum + 1' });
  if (schema.minimum !== undefined) values.push({ value: schema.minimum - 1, label: 'minimum - 1' });
  if (typesOf(schema).includes('integer')) values.push({ value: (schema.minimum ?? 0) + 0.5, label: 'a fraction' });
  return values.filter(
    ({ value }) => value > (schema.maximum ?? PG_INTEGER_MAX) || value < (schema.minimum ?? PG_INTEGER_MIN) || !Number.isInteger(value),
  );
}

function requestFor(input: RouteInput, value: unknown): { url: string; init: RequestInit } {
  const query = new URLSearchParams();
  let url = input.path;
  for (const parameter of input.operation.parameters ?? []) {
    const chosen =
      input.place !== 'body' && parameter.name === input.name[0]
        ? value
        : parameter.in === 'path' || parameter.required
          ? validValue(parameter.schema)
          : undefined;
    if (chosen === undefined) continue;
    const ownId = [...ownIds].find(([prefix]) => input.path.startsWith(prefix) && parameter.name === 'id')?.[1];
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(ownId ?? chosen)));
    if (parameter.in === 'query') query.set(parameter.name, String(chosen));
  }
  const bodySchema = input.operation.requestBody?.content?.['application/json']?.schema;
  let body: string | undefined;
  if (bodySchema) {
    const json = validValue(bodySchema) as Record<string, unknown>;
    if (input.place === 'body') {
      let target = json;
      for (const part of input.name.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
      target[input.name.at(-1)!] = value;
    }
    body = JSON.stringify(json);
  }
  const search = query.toString();
  return {
    url: `${url}${search ? `?${search}` : ''}`,
    init: { method: input.method.toUpperCase(), body, headers: body ? { 'Content-Type': 'application/json' } : {} },
  };
}

describe('numeric inputs across the API', () => {
  it('finds the numbers the API takes (the walk itself works)', () => {
    const found = numericInputs().map((input) => `${input.method.toUpperCase()} ${input.path} ${input.name.join('.')}`);
    expect(found).toEqual(
      expect.arrayContaining(['POST /api/chat/chosen-version version', 'GET /api/user-files offset', 'GET /api/sessions limit']),
    );
  });

  it('declares bounds within a Postgres integer for every one', () => {
    const unbounded = numericInputs()
      .filter(
        ({ schema }) =>
          schema.minimum === undefined ||
          schema.maximum === undefined ||
          schema.minimum < PG_INTEGER_MIN ||
          schema.maximum > PG_INTEGER_MAX,
      )
      .map((input) => `${input.method.toUpperCase()} ${input.path} ${input.name.join('.')}: ${JSON.stringify(input.schema)}`);
    expect(unbounded).toEqual([]);
  });

  it('answers 400 to every one out of range, and never 500', { timeout: 120_000 }, async () => {
    const wrong: string[] = [];
    for (const input of numericInputs()) {
      for (const { value, label } of outOfRange(input.schema)) {
        const { url, init } = requestFor(input, input.place === 'body' ? value : value.toString());
        const response = await client.request(url, init);
        const text = await response.text();
        if (response.status !== 400)
          wrong.push(`${init.method} ${url} (${input.name.join('.')} = ${label}): ${response.status} ${text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('date-time inputs across the API', () => {
  it('answers 400 to the year 0000 and to offsets past ±15:59, which ISO allows and Postgres refuses', async () => {
    const inputs = inputsWhere(isDateTime);
    expect(inputs.map((input) => `${input.method.toUpperCase()} ${input.path} ${input.name.join('.')}`)).toContain(
      'GET /api/sessions/{id}/messages after',
    );
    const wrong: string[] = [];
    for (const input of inputs) {
      for (const value of ['0000-01-01T00:00:00Z', '2024-01-01T00:00:00+23:59', '2024-01-01T00:00:00-16:00']) {
        const { url, init } = requestFor(input, value);
        const response = await client.request(url, init);
        const text = await response.text();
        if (response.status !== 400) wrong.push(`${init.method} ${url}: ${response.status} ${text.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
