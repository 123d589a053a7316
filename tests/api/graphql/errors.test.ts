import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, formatError } from '../../../api/kernel/errors/errors';
import { guardResolver } from '../../../api/graphql/schema';
import { LIMITS } from '../../../api/graphql/limits';
import { createTestApp, type TestApp } from '../../support/test-app';

describe('the GraphQL endpoint answers every failure with a catalogue code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (body: string, contentType = 'application/json') =>
    t.app.request('/graphql', { method: 'POST', headers: { 'content-type': contentType }, body });

  it('syntax and validation errors are BAD_REQUEST (HTTP 400)', async () => {
    for (const query of ['{ me { ', '{ noSuchField }', 'mutation { login(email: 1) { accessToken } }']) {
      const res = await post(JSON.stringify({ query }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as any).errors[0].extensions.code).toBe('BAD_REQUEST');
    }
  });

  it('refuses other content types, non-JSON bodies, batches and mutations over GET', async () => {
    expect((await post('{"query":"{health}"}', 'text/plain')).status).toBe(415);
    expect((await post('{"query":', 'application/json')).status).toBe(400);
    const batch = await post(JSON.stringify([{ query: '{health}' }, { query: '{health}' }]));
    expect(batch.status).toBe(400);
    expect(((await batch.json()) as any).errors[0].extensions.code).toBe('BAD_REQUEST');
    const get = await t.app.request('/graphql?query=' + encodeURIComponent('mutation{logout{status}}'));
    expect(get.status).toBe(405);
    const getQuery = await t.app.request('/graphql?query=' + encodeURIComponent('{health}'));
    expect(await getQuery.json()).toEqual({ data: { health: 'ok' } });
  });

  it('names what is wrong with the request itself, the first problem in the order of the request’s schema', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Must provide query string.'],
      [{ query: '   ' }, 'Must provide query string.'],
      [{ query: 42, variables: [] }, 'Must provide query string.'],
      [
        { query: 'x'.repeat(LIMITS.maxQueryLength + 1) },
        `The query is longer than ${LIMITS.maxQueryLength} characters.`,
      ],
      [{ query: '{health}', variables: [1] }, 'variables must be an object.'],
      [{ query: '{health}', variables: 'a=1', operationName: 3 }, 'variables must be an object.'],
      [{ query: '{health}', operationName: 3 }, 'operationName must be a string.'],
    ];
    for (const [body, message] of cases) {
      const res = await post(JSON.stringify(body));
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(((await res.json()) as any).errors[0]).toEqual({ message, extensions: { code: 'BAD_REQUEST' } });
    }
    const fine = await post(JSON.stringify({ query: '{health}', variables: null, operationName: null }));
    expect(await fine.json()).toEqual({ data: { health: 'ok' } });
    // A document the server knows already skips the query's checks, never those of the rest.
    const known: [unknown, string][] = [
      [{ query: '{health}', variables: [1] }, 'variables must be an object.'],
      [{ query: '{health}', operationName: 3 }, 'operationName must be a string.'],
      [
        { query: '{health}', variables: { a: Array(LIMITS.maxVariableListLength + 1).fill(0) } },
        `A list in the variables has more than ${LIMITS.maxVariableListLength} items.`,
      ],
    ];
    for (const [body, message] of known) {
      const res = await post(JSON.stringify(body));
      expect(((await res.json()) as any).errors[0]).toEqual({ message, extensions: { code: 'BAD_REQUEST' } });
    }
  });

  it('wrong variable types are BAD_REQUEST', async () => {
    const res = await post(
      JSON.stringify({
        query: 'mutation($id:ID!){markNotificationAsReaded(notificationId:$id){status}}',
        variables: { id: { nested: true } },
      }),
    );
    expect(((await res.json()) as any).errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('limits depth and aliases', async () => {
    const deep = `{ me { user { company { address { street } } } } ${'__typename '.repeat(1)}}`;
    expect((await post(JSON.stringify({ query: deep }))).status).not.toBe(400);
    let nested = 'name';
    for (let i = 0; i < 14; i++) nested = `ofType { ${nested} }`;
    const tooDeep = await post(JSON.stringify({ query: `{ __type(name: "User") { ${nested} } }` }));
    expect(tooDeep.status).toBe(400);
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: health`).join(' ');
    expect((await post(JSON.stringify({ query: `{ ${aliases} }` }))).status).toBe(400);
  });

  it('GraphiQL is served on GET in development', async () => {
    const res = await t.app.request('/graphql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('graphiql');
  });

  it('anything unexpected becomes GENERAL_ERROR without internals, and is logged', async () => {
    const boom = guardResolver('Query.boom', () => {
      throw new Error('SQLITE_CONSTRAINT: secret table users');
    });
    const ctx = { deps: t.deps } as never;
    await expect(boom(undefined, {}, ctx, {} as never)).rejects.toMatchObject({ code: 'GENERAL_ERROR' });
    expect(t.logged.some((l) => l.msg.includes('boom'))).toBe(true);
    const formatted = formatError(
      new GraphQLError('x', { path: ['boom'], originalError: new Error('SQLITE internals') }),
      'en',
      () => {},
    );
    expect(formatted).toEqual({
      message: 'Something went wrong. Please try again.',
      path: ['boom'],
      extensions: { code: 'GENERAL_ERROR' },
    });
    expect(JSON.stringify(formatted)).not.toContain('SQLITE');
    const app = formatError(
      new GraphQLError('x', { path: ['a'], originalError: new AppError('INVALID_PARAMETERS', { field: 'name' }) }),
      'de',
      () => {},
    );
    expect(app).toEqual({
      message: 'Einige Werte sind ungültig.',
      path: ['a'],
      extensions: { code: 'INVALID_PARAMETERS', field: 'name' },
    });
    // With a reason, the message is the reason's (what to change), dates as the UI shows them.
    const why = formatError(
      new GraphQLError('x', {
        path: ['a'],
        originalError: new AppError('INVALID_PARAMETERS', {
          field: 'endDate',
          reason: 'ONE_YEAR_MINUS_ONE_DAY',
          expected: '2028-02-28',
        }),
      }),
      'en',
      () => {},
    );
    expect(why).toEqual({
      message:
        'Starter, Professional and Enterprise contracts run one year minus one day: set the end date to 28.02.2028.',
      path: ['a'],
      extensions: {
        code: 'INVALID_PARAMETERS',
        field: 'endDate',
        reason: 'ONE_YEAR_MINUS_ONE_DAY',
        expected: '2028-02-28',
      },
    });
  });

  it('serves the SPA fallback for client routes and a real 404 for missing assets', async () => {
    expect((await t.app.request('/assets/missing.js')).status).toBe(404);
    expect((await t.app.request('/admin-panel')).status).toBe(503);
  });
});
