// The OpenAPI document of every plain HTTP route of the app (GET /api/openapi.json). Each route's
// parameters and body are described by the zod schemas its handler parses them with: the routes of
// the modules export their RouteDoc beside the handler; GraphQL's schemas come from its handler, and
// the operations routes, which take no input (health, metrics, this document), are listed here.
// tests/api/app/openapi.test.ts holds this list to app.routes.
import * as z from 'zod';
import { ErrorBody, openApiDocument, type RouteDoc } from './lib/openapi';
import { GraphqlGetQuery, GraphqlRequest } from './graphql/handler';
import { COLUMNS_ROUTE_DOCS } from './modules/results/results.routes';
import { SCORES_ROUTE_DOCS } from './modules/results/scores.routes';
import { RECONCILIATION_ROUTE_DOCS } from './modules/results/reconciliation.routes';
import { UPLOAD_ROUTE_DOCS } from './modules/uploads/uploads.routes';
import { CERTIFICATE_ROUTE_DOCS } from './modules/certificates/certificates.routes';
import { FILE_ROUTE_DOCS } from './modules/files/files.routes';
import { LIVE_ROUTE_DOCS } from './modules/live-import/live.routes';
import { EVENTS_ROUTE_DOCS } from './modules/events';

export const OPENAPI_PATH = '/api/openapi.json';

const json = (description: string, schema: z.ZodType = ErrorBody) => ({
  description,
  contentType: 'application/json',
  schema,
});

const OTHER_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/graphql',
    tag: 'graphql',
    summary: 'GraphQL over GET (queries only; GraphiQL in a browser outside production).',
    query: GraphqlGetQuery,
    responses: {
      200: { description: 'A GraphQL response.', contentType: 'application/json' },
      400: {
        description: 'A request that is not one GraphQL operation (code BAD_REQUEST).',
        contentType: 'application/json',
      },
      405: { description: 'A mutation over GET.', contentType: 'application/json' },
    },
  },
  {
    method: 'post',
    path: '/graphql',
    tag: 'graphql',
    summary: 'GraphQL: every call of the web app (schema by introspection); errors carry extensions.code.',
    security: ['apiKey', 'bearer'],
    body: {
      contentTypes: ['application/json'],
      description: 'At most 4 MiB.',
      schema: GraphqlRequest,
    },
    responses: {
      200: { description: 'A GraphQL response.', contentType: 'application/json' },
      400: {
        description: 'A request that is not one GraphQL operation (code BAD_REQUEST).',
        contentType: 'application/json',
      },
      415: { description: 'Not application/json.', contentType: 'application/json' },
    },
  },
  {
    method: 'get',
    path: '/healthz',
    tag: 'operations',
    summary: 'The process answers.',
    responses: { 200: json('Up.', z.object({ ok: z.boolean() })) },
  },
  {
    method: 'get',
    path: '/readyz',
    tag: 'operations',
    summary: 'The process can serve: database, migrations, storage, not stopping.',
    responses: {
      200: { description: 'Ready, with each check.', contentType: 'application/json' },
      503: { description: 'Not ready: the checks say which part failed.', contentType: 'application/json' },
    },
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'operations',
    summary: 'Prometheus metrics (here without METRICS_PORT): a SUPER_ADMIN key or session, or METRICS_TOKEN.',
    security: ['apiKey', 'bearer'],
    responses: {
      200: { description: 'Prometheus text format.', contentType: 'text/plain' },
      401: { description: 'No credential.', contentType: 'application/json' },
      403: { description: 'Not an operator.', contentType: 'application/json' },
    },
  },
  {
    method: 'get',
    path: OPENAPI_PATH,
    tag: 'operations',
    summary: 'This document.',
    responses: { 200: { description: 'OpenAPI 3.1.', contentType: 'application/json' } },
  },
];

export const ROUTE_DOCS: readonly RouteDoc[] = [
  ...UPLOAD_ROUTE_DOCS,
  ...COLUMNS_ROUTE_DOCS,
  ...SCORES_ROUTE_DOCS,
  ...RECONCILIATION_ROUTE_DOCS,
  ...FILE_ROUTE_DOCS,
  ...LIVE_ROUTE_DOCS,
  ...EVENTS_ROUTE_DOCS,
  ...CERTIFICATE_ROUTE_DOCS,
  ...OTHER_ROUTES,
];

/** `metrics`: /metrics is served by the app (false when it lives on the METRICS_PORT listener). */
export function openApiOf(publicUrl: string, options: { metrics: boolean }) {
  const routes = options.metrics ? ROUTE_DOCS : ROUTE_DOCS.filter((r) => r.path !== '/metrics');
  return {
    ...openApiDocument(routes, { title: 'Survey Quality Platform HTTP API', version: '1' }),
    servers: [{ url: publicUrl }],
  };
}
