// GET /api/openapi.json against the app itself: every HTTP route the app registers is in the
// document and every documented route exists, and the documented parameters are the ones the
// routes' own schemas check (an enum value the document lists passes, one it does not list is
// refused with the parameter's name).
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../../api/lib/openapi';
import { makeCompany, makeUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let doc: any;
let apiKey: string;
beforeAll(async () => {
  t = await createTestApp();
  const companyId = await makeCompany(t.db, { name: 'OpenAPI' });
  apiKey = (await makeUser(t.db, t.deps.appSecret, { companyId, accessLevel: 'ADMIN' })).apiKey;
  const res = await t.app.request('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => t?.close());

/** The app's routes as `METHOD /path`, without middleware (ALL) and the web app's catch-all. */
function appRoutes(): string[] {
  return [
    ...new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && r.path !== '/*')
        .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path)}`),
    ),
  ].sort();
}

describe('the OpenAPI document', () => {
  it('describes exactly the HTTP routes the app has', () => {
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`))
      .sort();
    expect(documented).toEqual(appRoutes());
    expect(doc.openapi).toBe('3.1.0');
  });

  it('is a valid OpenAPI 3.1 document to a validator nobody here wrote (swagger-parser), with every path template’s parameters declared', async () => {
    // validate() dereferences in place: a copy, so the other tests read the document as served.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    // It checks 3.1 documents against the schema only; a path template's parameters it leaves to us.
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, operation] of Object.entries(operations)) {
        const declared = (operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual(templated);
      }
    }
    await expect(SwaggerParser.validate({ ...structuredClone(doc), info: undefined })).rejects.toThrow(/info/);
  });

  it('lists the upload’s options with the schema the route parses them with', () => {
    const upload = doc.paths['/api/datafiles'].post;
    const names = upload.parameters.map((p: any) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['fileName', 'sheet', 'headerRow', 'id', 'missing', 'mapping', 'checkOnly', 'wait']),
    );
    expect(upload.parameters.find((p: any) => p.name === 'fileName').required).toBe(true);
    expect(upload.security).toEqual([{ apiKey: [] }, { bearer: [] }]);
    expect(Object.keys(upload.requestBody.content)).toContain('application/octet-stream');
  });

  it('refuses a value the document does not list and takes the ones it does', async () => {
    const format = doc.paths['/api/datafiles/{datafileId}/scores'].get.parameters.find((p: any) => p.name === 'format');
    expect(format.schema.enum).toEqual(['csv', 'arrow', 'parquet', 'sss']);
    const ask = (value: string) =>
      t.app.request(`/api/datafiles/${crypto.randomUUID()}/scores?format=${value}`, {
        headers: { 'x-api-key': apiKey, 'accept-language': 'en' },
      });
    for (const value of format.schema.enum) expect((await ask(value)).status).toBe(404);
    const refused = await ask('xml');
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as any;
    expect(body.errors[0].extensions).toMatchObject({
      code: 'INVALID_PARAMETERS',
      reason: 'QUERY_PARAMETER',
      field: 'format',
    });
    expect(body.errors[0].message).toContain('openapi.json');
  });
});
