import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { ErrorResponseSchema } from '@speedway/contracts';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorDescriptionOf, PLUGIN_ERRORS } from './error-responses';
import './components';
import './descriptions';
import './request-headers';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** The scheme every signed-in route names: `Authorization: Bearer <token>` from the login. */
const BEARER = 'bearerAuth';

const TAGS = [
  ['auth', 'Registrering, inloggning, tvåstegsverifiering, lösenord'],
  ['account', 'Mitt konto: profil, lösenord, 2FA, sessioner, export, radering'],
  ['official', 'Officiella matcher, import (super_admin) och bevakningar'],
  ['matches', 'Egna matchprotokoll: skapa, heat, nomineringar, bekräfta'],
  ['saved-matches', 'Sparade protokoll och jämförelsen med det officiella resultatet'],
  ['teams', 'Lag med tabellplacering och lagens förare'],
  ['statistics', 'Säsongsstatistik ur de officiella heaten; förarnas identiteter (super_admin)'],
  ['notifications', 'Inkorg, notisinställningar, webbpush och e-postavregistrering'],
  ['ads', 'Annonser: administration, urval och räkning'],
  ['system', 'Driftmeddelande och hälsokontroll'],
  ['tutorials', 'Guidernas status per användare'],
  ['docs', 'Det här dokumentet'],
] as const;
export type ApiTag = (typeof TAGS)[number][0];

const DESCRIPTION = `Speedway Elitseriens JSON-API. Alla svar är JSON; alla fel har formen
\`ErrorResponse\` med ett svenskt \`message\` för användaren och en \`code\` för klienten.

Inloggning: \`POST /api/auth/login\` (och \`/api/auth/2fa/verify\`) ger en token som skickas som
\`Authorization: Bearer <token>\`. Rutter som kräver en viss roll anger den i \`x-roles\` och i sin
beskrivning (\`user\` < \`club_admin\` < \`super_admin\`). Någon annans objekt svarar 404, som om
det saknades.

Varje rutt under /api (utom /api/health) begränsas per användare (utloggad: per IP-adress); över
gränsen svarar den 429 med \`Retry-After\`.

Förfrågningar som inte når någon rutt får samma felform: en okänd adress 404, huvuden eller en
kropp som inte kommer fram i tid 408, för stora huvuden 431.`;

const errorContent = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponseSchema } },
});

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/**
 * The statuses the app's plugins add to a route: 400 anywhere (the input guard reads the query
 * of every route; a URL that does not decode), 413/415 where a body is read, 414 where a path
 * parameter can be too long, 429 from the throttle (not on /api/health), 500 anywhere.
 */
function pluginStatuses(route: RouteOptions): (keyof typeof PLUGIN_ERRORS)[] {
  const readsBody = methodsOf(route).some((m) => BODY_METHODS.has(m));
  return [
    400 as const,
    ...(readsBody ? ([413, 415] as const) : []),
    ...(route.url.includes('/:') ? ([414] as const) : []),
    ...(route.url.startsWith('/api/health') ? [] : ([429] as const)),
    500 as const,
  ];
}

const RETRY_AFTER = {
  'retry-after': {
    type: 'integer',
    description: 'Sekunder tills en ny förfrågan tas emot.',
  },
};

const IDEMPOTENT_REPLAYED = {
  'idempotent-replayed': {
    type: 'string',
    enum: ['true'],
    description:
      'Med när svaret är det sparade svaret på en tidigare förfrågan med samma ' +
      '`Idempotency-Key` (samma status och samma bytes); ingenting skrevs.',
  },
};

const roleText = (roles: readonly string[]) =>
  `Kräver inloggning med rollen ${roles.map((r) => `\`${r}\``).join(' eller ')}.`;

/**
 * Per route: fastify-type-provider-zod's transform (zod → JSON Schema 2020-12), after adding what
 * the app's plugins answer, the error shape by reference, the security the route's 401 implies
 * (none without one, unless it names its own) and the roles of `x-roles` in the description.
 */
export const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (document) => {
  const { schema, route } = document;
  if (!schema || schema.hide || !route.url.startsWith('/api')) return jsonSchemaTransform(document);
  const { 'x-request-headers': headers, ...rest } = schema;
  const given = (schema.response ?? {}) as Record<string, unknown>;
  const response: Record<string, unknown> = {};
  for (const [status, value] of Object.entries(given)) {
    const description =
      errorDescriptionOf(value) ?? (value === ErrorResponseSchema ? STATUS_TEXTS[status] : null);
    response[status] = description ? errorContent(description) : value;
  }
  for (const status of pluginStatuses(route)) {
    response[status] ??= errorContent(PLUGIN_ERRORS[status]);
  }
  const roles = schema['x-roles'];
  const signedIn = '401' in response;
  const description = [schema.description, roles?.length ? roleText(roles) : null]
    .filter(Boolean)
    .join('\n\n');
  const result = jsonSchemaTransform({
    ...document,
    schema: {
      ...rest,
      ...(headers ? { headers } : {}),
      ...(description ? { description } : {}),
      // A public route that answers 401 itself (a login ticket) says so with `security: []`.
      security: schema.security ?? (signedIn ? [{ [BEARER]: [] }] : []),
      response,
    },
  });
  const transformed = result.schema.response as Record<string, { headers?: unknown }>;
  if (transformed['429']) transformed['429'].headers = RETRY_AFTER;
  if (headers?.shape['idempotency-key']) {
    for (const [status, reply] of Object.entries(transformed)) {
      if (status.startsWith('2')) reply.headers = IDEMPOTENT_REPLAYED;
    }
  }
  return result;
};

/** Only the components some operation refers to (zod's registries also yield `…Input` twins). */
function referencedOnly(doc: Record<string, unknown>): Record<string, unknown> {
  const components = doc.components as { schemas?: Record<string, unknown> } | undefined;
  const schemas = components?.schemas;
  if (!schemas) return doc;
  const used = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name) && schemas[name]) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(doc.paths);
  return {
    ...doc,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
}

/** What a response means when its route gives no words of its own. */
const STATUS_TEXTS: Record<string, string> = {
  200: 'OK.',
  201: 'Skapad.',
  204: 'Inget innehåll.',
  400: PLUGIN_ERRORS[400],
  401: 'Inte inloggad (`UNAUTHORIZED`), eller sessionen är utloggad eller återkallad (`SESSION_INVALID`).',
  403: 'Inte tillåtet (`FORBIDDEN`).',
  404: 'Finns inte, eller är någon annans (`NOT_FOUND`).',
  409: 'Krockar med läget på servern (`CONFLICT` eller en mer precis kod).',
  429: PLUGIN_ERRORS[429],
  503: 'Tjänsten är tillfälligt otillgänglig.',
};

type Responses = Record<string, { description?: string }>;

/** Responses still without words get the status's meaning (none for a status not listed). */
function describeResponses(doc: Record<string, unknown>): Record<string, unknown> {
  const paths = doc.paths as Record<string, Record<string, { responses?: Responses }>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response' && STATUS_TEXTS[status]) {
          response.description = STATUS_TEXTS[status];
        }
      }
    }
  }
  return doc;
}

export const transformObject: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (
  document,
) =>
  describeResponses(referencedOnly(jsonSchemaTransformObject(document) as Record<string, unknown>));

export function swaggerOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Speedway Elitserien API', version, description: DESCRIPTION },
      tags: TAGS.map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            description: 'Sessionens token från inloggningen (opak, minst 256 bitar).',
          },
        },
      },
    },
    transform,
    transformObject,
  };
}
