import fc from 'fast-check';

// Generators of bad input for the fuzz suite (fuzz.test.ts): odd strings and numbers, wrong types,
// deep and huge bodies, malformed JSON, odd ids and query strings, and "almost valid" bodies made
// from a route's own schema (as JSON Schema) or from a valid sample by one mutation.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = Record<string, unknown>;

/** Strings that have broken servers: NUL, lone surrogates, controls, bidi, SQL, paths, numbers. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  'x\ud83d',
  '\ude00\ud83d',
  '😀',
  '\u202egnp.exe',
  '\r\n',
  '\t',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '2147483648',
  '[]',
  '{}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '__proto__',
  'ÅÄÖåäö',
  '00000000-0000-0000-0000-000000000000',
  // Dates at and beyond the edges of what JavaScript and PostgreSQL hold.
  '0000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '2026-02-30T19:00:00Z',
  '2026-13-01',
  '1970-01-01',
];

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom('a', 'å', '\u0000', '\ud800', '\udfff', '😀', '"', '\\'), {
        maxLength: 12,
      })
      .map((chars) => chars.join('')),
  },
  // Long, and longer than any limit (the body limit is 256 KiB).
  {
    weight: 1,
    arbitrary: fc.constantFrom(201, 255, 1_000, 70_000, 300_000).map((n) => 'x'.repeat(n)),
  },
);

export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    1.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Nesting as a value (for a field): beyond the input guard's limit, not deep enough to matter. */
const nested = fc.tuple(fc.integer({ min: 20, max: 200 }), fc.boolean()).map(([depth, arrays]) => {
  let value: Json = 'x';
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
});

/** Any value of any JSON type, leaning to the odd ones. */
export const oddValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(oddString, oddNumber), { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(oddString, fc.oneof(oddString, oddNumber), { maxKeys: 3 }),
  },
  { weight: 1, arbitrary: nested },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

const oddKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'role', 'id', 'user_id', 'created_by'),
  oddString.filter((s) => s.length < 300),
);

/** A value that satisfies the JSON Schema (as zod writes it), or close to it. */
export function fromSchema(schema: unknown, ids: readonly string[], depth = 0): fc.Arbitrary<Json> {
  if (typeof schema !== 'object' || schema === null || depth > 8)
    return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  const s = schema as JsonSchema;
  if ('const' in s) return fc.constant(s.const as Json);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as Json[]));
  const options = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (options) return fc.oneof(...options.map((o) => fromSchema(o, ids, depth + 1)));
  switch (s.type) {
    case 'string': {
      if (s.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern));
      const max = Math.min(typeof s.maxLength === 'number' ? s.maxLength : 40, 40);
      const min = Math.min(typeof s.minLength === 'number' ? s.minLength : 0, max);
      return fc.string({ minLength: min, maxLength: max });
    }
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1_000;
      const max = typeof s.maximum === 'number' ? s.maximum : 1_000;
      return s.type === 'integer' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(s.items, ids, depth + 1), {
        maxLength: Math.min(typeof s.maxItems === 'number' ? s.maxItems : 4, 4),
      });
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const required = (s.required ?? []) as string[];
      const record = fc.record(
        Object.fromEntries(
          Object.entries(props).map(([k, v]) => [k, fromSchema(v, ids, depth + 1)]),
        ),
        { requiredKeys: required.filter((k) => k in props) },
      );
      if (typeof s.additionalProperties !== 'object') return record as fc.Arbitrary<Json>;
      const keys = s.propertyNames ? fromSchema(s.propertyNames, ids, depth + 1) : fc.string();
      const extra = fc.dictionary(
        keys.map((k) => String(k)),
        fromSchema(s.additionalProperties, ids, depth + 1),
        { maxKeys: 4 },
      );
      return fc.tuple(record, extra).map(([a, b]) => ({ ...b, ...a }) as Json);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>;
  }
}

type Path = (string | number)[];

/** Every place in a value: the root, each property and each element, at any depth. */
function pathsOf(value: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  }
  return out;
}

type Mutation =
  | { kind: 'replace'; path: Path; value: Json }
  | { kind: 'delete'; path: Path }
  | { kind: 'add'; path: Path; key: string; value: Json };

function mutate(base: Json, m: Mutation): Json {
  const copy = structuredClone(base);
  if (m.path.length === 0) {
    if (m.kind === 'replace') return m.value;
    if (m.kind === 'delete') return null;
  }
  let parent: Json = copy;
  for (const step of m.path.slice(0, m.kind === 'add' ? undefined : -1)) {
    parent = (parent as Record<string | number, Json>)[step] as Json;
  }
  const last = m.path[m.path.length - 1]!;
  if (m.kind === 'add') {
    if (parent && typeof parent === 'object' && !Array.isArray(parent)) {
      Object.defineProperty(parent, m.key, {
        value: m.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else if (Array.isArray(parent)) parent.push(m.value);
    return copy;
  }
  if (Array.isArray(parent)) {
    if (m.kind === 'delete') parent.splice(Number(last), 1);
    else parent[Number(last)] = m.value;
  } else if (parent && typeof parent === 'object') {
    if (m.kind === 'delete') delete parent[last as string];
    else parent[last as string] = m.value;
  }
  return copy;
}

/** A NUL or a lone surrogate somewhere in a text that is otherwise what the field wants. */
const taint = fc
  .tuple(
    fc.constantFrom('\u0000', '\ud800', '\u0000', '\udfff', '\u0000\ud800', '\udc00'),
    fc.nat(),
  )
  .map(
    ([bad, at]) =>
      (text: string) =>
        text.slice(0, at % (text.length + 1)) + bad + text.slice(at % (text.length + 1)),
  );

/**
 * One mutation of a valid value: a text field tainted with NUL or a lone surrogate (so that it
 * still passes its schema and reaches the database), a field of the wrong type or with odd
 * content, a field gone, or one added.
 */
export function mutated(base: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return base.chain((value) => {
    const paths = pathsOf(value);
    const texts = paths.filter((p) => typeof valueAt(value, p) === 'string');
    const path = fc.constantFrom(...paths);
    const mutation: fc.Arbitrary<Mutation> = fc.oneof(
      {
        weight: texts.length > 0 ? 4 : 0,
        arbitrary: fc
          .tuple(fc.constantFrom(...(texts.length > 0 ? texts : [[]])), taint)
          .map(([at, apply]) => ({
            kind: 'replace' as const,
            path: at,
            value: apply(String(valueAt(value, at))),
          })),
      },
      {
        weight: 4,
        arbitrary: fc.record({ kind: fc.constant('replace' as const), path, value: oddValue }),
      },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), path }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('add' as const),
          path,
          key: oddKey,
          value: oddValue,
        }),
      },
    );
    return mutation.map((m) => mutate(value, m));
  });
}

function valueAt(value: Json, path: Path): Json | undefined {
  let at: Json | undefined = value;
  for (const step of path) at = (at as Record<string | number, Json> | undefined)?.[step];
  return at;
}

/** A body as sent: the text and its content type. */
export type BodyCase = { text?: string; contentType?: string };

const DEEP = 10_000;

/** Bodies that are not a JSON document at all, or one no route wants. */
const wildBody: fc.Arbitrary<BodyCase> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      '[1,2',
      'nul',
      'undefined',
      'NaN',
      '{"a":1e999}',
      '{"a":-1e999}',
      '\u0000',
      '\ufeff{}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '[]',
      '0',
      '"text"',
      'null',
      'true',
      '{}',
      '['.repeat(DEEP) + ']'.repeat(DEEP),
      '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP),
      `{"a":"${'x'.repeat(300_000)}"}`,
    )
    .map((text) => ({ text, contentType: 'application/json' })),
  fc
    .jsonValue({ maxDepth: 4 })
    .map((v) => ({ text: JSON.stringify(v), contentType: 'application/json' })),
);

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/jsonx',
      'application/json;;;',
      'application/xml',
    ),
  },
);

/** Bodies for a route: almost valid from its schema or a valid sample, or wild ones. */
export function bodyCase(
  schema: unknown,
  sample: Json | undefined,
  ids: readonly string[],
): fc.Arbitrary<BodyCase> {
  const valid =
    sample === undefined
      ? fromSchema(schema, ids)
      : fc.oneof(fc.constant(sample), fromSchema(schema, ids));
  const json: fc.Arbitrary<Json | undefined> = fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 6, arbitrary: mutated(valid) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.tuple(json, contentType).map(([v, type]) => ({
        ...(v === undefined ? {} : { text: JSON.stringify(v) }),
        contentType: type,
      })),
    },
    { weight: 2, arbitrary: wildBody },
  );
}

/** Path segments that are not ids: wrong shape, overlong, broken encodings, NUL, surrogates. */
const BAD_SEGMENTS = [
  'abc',
  '1',
  '-1',
  '0',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-0000000000000',
  'g0000000-0000-4000-8000-000000000000',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F%98%80',
  '%zz',
  '%',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  '%20',
  'a'.repeat(100),
  'a'.repeat(101),
  'a'.repeat(5_000),
  '1e3',
  '1.5',
  '0x10',
  '99999999999999999999',
  '2147483648',
];

/** A path parameter: the valid one (of the owner's objects), another id, or a bad segment. */
export function paramCase(
  name: string,
  ids: readonly string[],
  valid: string | undefined,
): fc.Arbitrary<string> {
  const specific =
    name === 'heatNumber'
      ? fc.integer({ min: -2, max: 20 }).map(String)
      : fc.oneof(
          fc.constantFrom(...ids),
          fc.uuid(),
          fc.uuid().map((u) => u.toUpperCase()),
        );
  return fc.oneof(
    { weight: valid ? 4 : 0, arbitrary: fc.constant(valid ?? 'x') },
    { weight: 2, arbitrary: specific },
    { weight: 3, arbitrary: fc.constantFrom(...BAD_SEGMENTS) },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s) || 'x'),
    },
  );
}

const QUERY_KEYS = [
  'match_id',
  'limit',
  'page',
  'offset',
  'sort',
  'q',
  'id',
  // The statistics' filters (GET /api/stats/riders).
  'season',
  'team_id',
  'min_heats',
  '__proto__',
  'a[b]',
  'constructor',
];
const RAW_QUERY_VALUES = [
  '%zz',
  '%00',
  '%ED%A0%80',
  '%',
  '-1',
  '99999999999999999999',
  '1e309',
  'a=b=c',
  '',
  // Years at and past the edges of a season (1900–2200), and one with data (fixtureSeason).
  '1899',
  '2026',
  '2200.5',
];

/** Query strings with known and unknown keys, repeated keys and broken encodings. */
export const queryCase: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 }).map(encodeURIComponent)),
      fc.oneof(
        fc.constantFrom(...RAW_QUERY_VALUES),
        fc.uuid(),
        fc.string({ maxLength: 20 }).map(encodeURIComponent),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
