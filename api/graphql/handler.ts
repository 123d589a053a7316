import { respondWithGraphiQL } from '@hono/graphql-server';
import { GraphQLError, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Context as HonoContext } from 'hono';
import * as z from 'zod';
import type { Deps } from '../kernel/deps';
import { DEFAULT_LOCALE, localeFromHeader } from '../lib/i18n';
import { createContext, type GqlContext } from './context';
import { AppError, formatError, httpStatusFor, type FormattedError } from '../kernel/errors/errors';
import { raceBudget } from '../lib/request-budget';
import { createExecutor } from './executor';
import { LIMITS, longestList } from './limits';
import { labelOperation } from '../lib/metrics';
import { jsonResponse } from '../security-headers';

const MUST_PROVIDE_QUERY = 'Must provide query string.';

/**
 * One GraphQL request (a POST body, or GET's parameters with `variables` decoded). The messages are
 * the refusals' own (code BAD_REQUEST); the first problem in this order is answered. The OpenAPI
 * document describes /graphql with this schema.
 */
export const GraphqlRequest = z.object({
  query: z
    .string({ error: MUST_PROVIDE_QUERY })
    .refine((q) => q.trim() !== '', MUST_PROVIDE_QUERY)
    .refine((q) => q.length <= LIMITS.maxQueryLength, `The query is longer than ${LIMITS.maxQueryLength} characters.`)
    .describe('The GraphQL document (schema by introspection for operators, or GraphiQL outside production).'),
  variables: z
    .record(z.string(), z.unknown(), { error: 'variables must be an object.' })
    .nullish()
    .refine(
      (v) => !v || longestList(v) <= LIMITS.maxVariableListLength,
      `A list in the variables has more than ${LIMITS.maxVariableListLength} items.`,
    ),
  operationName: z.string({ error: 'operationName must be a string.' }).nullish(),
});
/** What GraphqlRequest accepts for `variables` and `operationName`, checked without zod. */
function isPlainRequest(variables: unknown, operationName: unknown): boolean {
  if (operationName != null && typeof operationName !== 'string') return false;
  if (variables == null) return true;
  return (
    typeof variables === 'object' &&
    !Array.isArray(variables) &&
    Object.getPrototypeOf(variables) === Object.prototype &&
    longestList(variables as Record<string, unknown>) <= LIMITS.maxVariableListLength
  );
}

/** GET /graphql: the same, `variables` as JSON text. */
export const GraphqlGetQuery = z.object({
  query: z.string().describe('The GraphQL document (queries only).'),
  variables: z.string().optional().describe('The variables as a JSON object.'),
  operationName: z.string().optional(),
});

/**
 * POST /graphql (and GET for queries and GraphiQL). @hono/graphql-server 0.7 parses and validates
 * every request and cannot attach error codes to malformed requests, so execution lives here:
 * validated documents are cached by their text (parse + validate dominate graphql-js cost), depth
 * and alias limits apply, and every error leaves with extensions.code.
 */
export function createGraphqlHandler(deps: Deps, schema: GraphQLSchema) {
  // GRAPHIQL (on outside production) opens the schema to everyone. Otherwise only a logged-in
  // operator may introspect, and errors do not suggest field, argument or value names ("Did you
  // mean ..."), which would spell the schema out piece by piece.
  const schemaOpen = deps.env.graphiql;
  const executor = createExecutor(schema, { hideSuggestions: !schemaOpen });

  return async (c: HonoContext) => {
    const badRequest = (message: string, status = 400) =>
      c.json({ data: null, errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] }, status as 400);

    let query: unknown;
    let variables: unknown;
    let operationName: unknown;
    if (c.req.method === 'GET') {
      query = c.req.query('query');
      if (query === undefined) {
        if (deps.env.graphiql) return respondWithGraphiQL(c);
        return badRequest(MUST_PROVIDE_QUERY);
      }
      const rawVariables = c.req.query('variables');
      try {
        variables = rawVariables ? JSON.parse(rawVariables) : undefined;
      } catch {
        return badRequest('variables must be JSON.');
      }
      operationName = c.req.query('operationName');
    } else if (c.req.method === 'POST') {
      // JSON only: a cross-site form cannot send it without a CORS preflight, so no CSRF.
      if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
        return badRequest('Content-Type must be application/json.', 415);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return badRequest('The body is not valid JSON.');
      }
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return badRequest('Send one operation per request (no batching).');
      ({ query, variables, operationName } = body as Record<string, unknown>);
    } else {
      return c.json(
        { errors: [{ message: 'GraphQL only supports GET and POST requests.', extensions: { code: 'BAD_REQUEST' } }] },
        405,
        { Allow: 'GET, POST' },
      );
    }

    // A document already cached passed the query's checks before; zod runs (and words the refusal)
    // for anything else. Its variables and operation name are checked either way.
    if (!(executor.has(query) && isPlainRequest(variables, operationName))) {
      const request = GraphqlRequest.safeParse({ query, variables, operationName });
      if (!request.success) return badRequest(request.error.issues[0]!.message);
    }
    // Checked, then used as sent: zod's output would rebuild `variables` key by key.
    const prepared = executor.prepare(query as string);
    if (prepared.errors.length > 0) {
      return c.json(
        {
          data: null,
          errors: prepared.errors.map((e) => ({
            message: e.message,
            locations: e.locations,
            extensions: { code: 'BAD_REQUEST' },
          })),
        },
        400,
      );
    }
    const ctx = createContext(deps, c);
    // A credential header alone proves nothing: the viewer it names must be an operator.
    if (prepared.usesIntrospection && !schemaOpen && (await ctx.viewer())?.accessLevel !== 'SUPER_ADMIN')
      return badRequest('Introspection is disabled.');
    const plan = executor.plan(prepared, (operationName as string | undefined) ?? null);
    const operation = plan.operation;
    if (!operation) return badRequest('Unknown or ambiguous operation; name it with operationName.');
    if (c.req.method === 'GET' && operation.operation !== 'query') {
      return c.json(
        {
          data: null,
          errors: [
            {
              message: `Can only perform a ${operation.operation} operation from a POST request.`,
              extensions: { code: 'BAD_REQUEST' },
            },
          ],
        },
        405,
        { Allow: 'POST' },
      );
    }

    // The root field names the operation for the latency histogram: a bounded set (the schema's
    // fields), where client-chosen operation names would not be.
    plan.label ??= operationLabel(operation);
    labelOperation(c.req.raw, plan.label);
    if (ctx.budget && operation.operation === 'query') ctx.budget.readsStop = true;
    const running = Promise.resolve(
      executor.run(
        prepared,
        plan,
        ctx,
        (variables as Record<string, unknown> | null | undefined) ?? undefined,
        (operationName as string | null | undefined) ?? undefined,
      ),
    );
    // A query past its budget is answered at the deadline (its remaining resolvers refuse to start); a
    // mutation's answer waits for the field that started, so the caller learns whether it happened.
    let result: ExecutionResult;
    try {
      result = ctx.budget && operation.operation === 'query' ? await raceBudget(ctx.budget, running) : await running;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result = { data: null, errors: [new GraphQLError(error.message, { originalError: error, path: [] })] };
    }
    if (!result.errors?.length) return answer(c, ctx, JSON.stringify({ data: result.data ?? null }));

    const requestLocale =
      localeFromHeader(c.req.header('x-locale') ?? c.req.header('accept-language')) ?? DEFAULT_LOCALE;
    // The budget's refusal keeps the request's language: no further database read after the deadline.
    const locale =
      ctx.sentCredential && !ctx.budget?.signal.aborted ? await ctx.locale().catch(() => requestLocale) : requestLocale;
    // Without a data key the request never ran: variable coercion failed (wrong types, missing values).
    const requestError = !('data' in result);
    const errors: FormattedError[] = result.errors.map((e) =>
      requestError
        ? { message: e.message, extensions: { code: 'BAD_REQUEST' } }
        : formatError(e, locale, (err) => deps.log.error('graphql error', err)),
    );
    for (const e of errors)
      deps.metrics.refusals.inc({
        source: 'graphql',
        code: String(e.extensions.code),
        reason: typeof e.extensions.reason === 'string' ? e.extensions.reason : '',
      });
    const first = errors[0]!.extensions.code;
    const status = first === 'BAD_REQUEST' && !result.data ? 400 : httpStatusFor(first);
    const headers: Record<string, string> = {};
    const retry = errors[0]!.extensions.retryAfterSeconds;
    if (typeof retry === 'number') headers['Retry-After'] = String(retry);
    return answer(c, ctx, JSON.stringify({ data: result.data ?? null, errors }), status, headers);
  };
}

function operationLabel(operation: OperationDefinitionNode): string {
  const root = operation.selectionSet.selections.find((s) => s.kind === 'Field');
  return root ? `${operation.operation} ${root.name.value}` : operation.operation;
}

/**
 * The answer with the headers a resolver set on the request's context (the device cookie at a
 * login): a prepared response carries only its own, so every header set there is copied onto it.
 * Reading c.res makes a Response (and Hono then copies its headers onto the answer again), so that
 * happens only when a resolver asked for the Hono context.
 */
function answer(
  c: HonoContext,
  ctx: GqlContext,
  json: string,
  status?: number,
  extra?: Record<string, string>,
): Response {
  const response = jsonResponse(json, status, extra);
  if (!ctx.honoUsed) return response;
  const set = c.res.headers;
  for (const cookie of set.getSetCookie()) response.headers.append('set-cookie', cookie);
  for (const [name, value] of set)
    if (name !== 'set-cookie' && name !== 'content-type') response.headers.set(name, value);
  return response;
}
