// The OpenAPI description of the plain HTTP routes, built from the zod schemas their handlers parse
// the requests with (parseWith below), so the document cannot say one thing while the route checks
// another. Each routes file exports its RouteDoc list beside the handlers; api/app.ts serves the
// document at /api/openapi.json, and a test holds it to the routes the app really has.
import * as z from 'zod';
import { AppError } from '../kernel/errors/errors';
import type { RefusalReason } from '../kernel/errors/refusal-reasons';

export type Security = 'apiKey' | 'bearer' | 'liveKey' | 'signedUrl';

export type RouteDoc = {
  method: 'get' | 'post' | 'put';
  /** Hono's path: `:name` for a parameter, a trailing `*` for the rest of the path. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  security?: readonly Security[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: { contentTypes: readonly string[]; description: string; schema?: z.ZodType };
  responses: Record<number, { description: string; contentType?: string; schema?: z.ZodType }>;
};

/** The catalogue's refusal, as every route answers it (the same body as GraphQL errors). */
export const ErrorBody = z.object({
  errors: z.array(
    z.object({
      message: z.string().describe('What to change, in the caller’s language (Accept-Language).'),
      extensions: z.looseObject({
        code: z.string().describe('Error code of the catalogue (locales/en.json, errors).'),
        reason: z.string().optional().describe('Refusal reason (locales/en.json, reasons).'),
      }),
    }),
  ),
});

/** A query, header or path object's properties in OpenAPI's parameter list. */
function parametersOf(where: 'path' | 'query' | 'header', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });

export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\/\*$/, '/{key}');

const SECURITY_SCHEMES = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'The user’s API key (profile page).' },
  bearer: { type: 'http', scheme: 'bearer', description: 'A session token from login (the web app).' },
  liveKey: { type: 'apiKey', in: 'header', name: 'X-Live-Key', description: 'The live import’s secret key.' },
  signedUrl: { type: 'apiKey', in: 'query', name: 'sig', description: 'A signed URL handed out by the API.' },
};

export function openApiDocument(routes: readonly RouteDoc[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const operation = {
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      tags: [r.tag],
      ...(r.security ? { security: r.security.map((s) => ({ [s]: [] })) } : {}),
      parameters: [
        ...parametersOf('path', r.params),
        ...parametersOf('query', r.query),
        ...parametersOf('header', r.headers),
      ],
      ...(r.body
        ? {
            requestBody: {
              required: true,
              description: r.body.description,
              content: Object.fromEntries(
                r.body.contentTypes.map((t) => [t, r.body!.schema ? { schema: jsonSchema(r.body!.schema) } : {}]),
              ),
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(r.responses).map(([status, res]) => [
          status,
          {
            description: res.description,
            ...(res.contentType
              ? { content: { [res.contentType]: res.schema ? { schema: jsonSchema(res.schema) } : {} } }
              : {}),
          },
        ]),
      ),
    };
    (paths[openApiPath(r.path)] ??= {})[r.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: { securitySchemes: SECURITY_SCHEMES },
  };
}

/**
 * Parses a request part with its route's schema; the first problem is refused with the field it
 * concerns, and the field's own refusal reason where the route has one.
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  reasons: Partial<Record<string, RefusalReason>> = {},
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const given = input && typeof input === 'object' ? (input as Record<string, unknown>)[field] : undefined;
  throw new AppError('INVALID_PARAMETERS', {
    field,
    reason: reasons[field] ?? 'QUERY_PARAMETER',
    value: given === undefined ? '–' : String(given).slice(0, 80),
  });
}
