import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * Checks real replies against the OpenAPI document the app serves: the status must be one the
 * operation documents, and a JSON body must validate against that status's schema (JSON Schema
 * 2020-12, with Ajv 8 as Fastify itself carries it: no dependency of our own).
 */

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type Ajv = {
  addSchema(schema: object, key?: string): Ajv;
  compile(schema: object): Validate;
  errorsText(errors?: unknown[] | null): string;
};

function createAjv(): Ajv {
  // Fastify validates with Ajv 8 through @fastify/ajv-compiler; the hoisted `ajv` is ESLint's 6.
  const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
  const fromCompiler = createRequire(fromFastify.resolve('@fastify/ajv-compiler'));
  const Ajv2020 = (fromCompiler('ajv/dist/2020') as { default: new (o: object) => Ajv }).default;
  const addFormats = (fromCompiler('ajv-formats') as { default: (ajv: Ajv) => void }).default;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

type MediaType = { schema?: object };
type Response = { content?: Record<string, MediaType> };
type Operation = { operationId?: string; responses?: Record<string, Response> };
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
};

const DOC_ID = 'urn:speedway:openapi';

/** `#/components/…` refs of an operation's schema, pointed at the document added to Ajv. */
function anchored(schema: object): object {
  return JSON.parse(JSON.stringify(schema), (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith('#/components/') ? `${DOC_ID}${value}` : value,
  ) as object;
}

/** A path template of the document as a regular expression, literal segments counted. */
function matcherOf(path: string) {
  const segments = path.split('/');
  const pattern = segments
    .map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('/');
  return {
    path,
    regex: new RegExp(`^${pattern}/?$`),
    literals: segments.filter((s) => !s.startsWith('{')).length,
  };
}

export type ContractReply = {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
};

export function createContractChecker(doc: OpenApiDocument) {
  const ajv = createAjv();
  ajv.addSchema({ $id: DOC_ID, components: doc.components ?? {} });
  const matchers = Object.keys(doc.paths)
    .map(matcherOf)
    .sort((a, b) => b.literals - a.literals);
  const validators = new Map<string, Validate>();

  function validatorFor(key: string, schema: object): Validate {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(anchored(schema));
      validators.set(key, validate);
    }
    return validate;
  }

  /** The operation a request reached, or null for a path the document does not have. */
  function operationOf(method: string, url: string) {
    const path = url.split('?')[0] ?? '';
    for (const m of matchers) {
      const operation = m.regex.test(path) ? doc.paths[m.path]?.[method.toLowerCase()] : undefined;
      if (operation) return { path: m.path, operation };
    }
    return null;
  }

  /** What is wrong with the reply by the document; null when it conforms (or is no operation). */
  function check(reply: ContractReply): string | null {
    if (reply.method === 'HEAD') return null;
    const found = operationOf(reply.method, reply.url);
    if (!found) return null;
    const where = `${reply.method} ${found.path} → ${reply.statusCode}`;
    const response = found.operation.responses?.[String(reply.statusCode)];
    if (!response) return `${where}: status not documented`;
    const type = String(reply.headers['content-type'] ?? '').split(';')[0] ?? '';
    const text = decoded(reply).toString('utf8');
    if (!response.content) return text === '' ? null : `${where}: a body, none documented`;
    const media = response.content[type];
    if (!media) return `${where}: content type '${type}' not documented`;
    if (!type.endsWith('json') || !media.schema) return null;
    const validate = validatorFor(`${where} ${type}`, media.schema);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return `${where}: body is not JSON`;
    }
    return validate(body) ? null : `${where}: ${ajv.errorsText(validate.errors)}`;
  }

  return { check, operationOf };
}
export type ContractChecker = ReturnType<typeof createContractChecker>;

function decoded(reply: ContractReply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  return reply.body;
}

/** The checker's view of an inject() call and its reply. */
export function contractReplyOf(opts: InjectOptions, res: LightMyRequestResponse): ContractReply {
  return {
    method: (opts.method ?? 'GET').toUpperCase(),
    url: typeof opts.url === 'string' ? opts.url : String(opts.path ?? ''),
    statusCode: res.statusCode,
    headers: res.headers,
    body: res.rawPayload,
  };
}

/**
 * Records the replies of a test app's requests against its own document (test-app.ts, unless
 * OPENAPI_CONTRACT=0): the file fails at close() naming each reply the document does not
 * describe.
 */
export function recordContract(doc: OpenApiDocument) {
  const checker = createContractChecker(doc);
  const violations = new Set<string>();
  return {
    record(opts: InjectOptions, res: LightMyRequestResponse) {
      const problem = checker.check(contractReplyOf(opts, res));
      if (problem) violations.add(problem);
    },
    assertConforms() {
      if (violations.size > 0) {
        throw new Error(
          `Replies that the OpenAPI document does not describe:\n${[...violations].join('\n')}`,
        );
      }
    },
  };
}
export type ContractRecorder = ReturnType<typeof recordContract>;
