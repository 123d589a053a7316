// The fields a presenter holds as values (api/graphql/plain-fields.ts) have no resolver, so the
// compiled executor reads them as properties; the fields it computes keep theirs. Either executor
// must answer every field alike: a document's first run goes through graphql-js, its second through
// the compiled query. (Every field of User and Me through both: tests/api/users/me-columns.test.ts.)
import { eq } from 'drizzle-orm';
import { buildSchema as buildSdlSchema, getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, loadTypeDefs, presenterPlainFields } from '../../../api/graphql/schema';
import { companies } from '../../../db/schema';
import { makeCompany, makeUser } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';

let t: TestApp;
let companyId: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  companyId = await makeCompany(t.db, { name: 'Plain GmbH' });
  await t.db
    .update(companies)
    .set({ street: 'Ring 2', city: 'Graz', postalCode: '8010', country: 'AT', vatNumber: 'ATU1', comment: 'note' })
    .where(eq(companies.id, companyId));
  const op = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
  token = await t.tokenFor(op.email, op.password);
});
afterAll(() => t.close());

const typeOf = (name: string) => t.schema.getType(name) as GraphQLObjectType;

/** Every field without arguments of `type`, objects one level down. */
const everyField = (type: GraphQLObjectType, depth = 1): string =>
  Object.values(type.getFields())
    .filter((f) => f.args.length === 0)
    .map((f) => {
      const named = getNamedType(f.type);
      if (!isObjectType(named)) return f.name;
      return depth > 0 ? `${f.name} { ${everyField(named, depth - 1)} }` : '';
    })
    .filter(Boolean)
    .join(' ');

describe('fields a presenter holds as values are read without a resolver', () => {
  it('leaves those fields without a resolver and keeps one on every field a presenter computes', () => {
    const plain = presenterPlainFields.flatMap((map) =>
      Object.entries(map).flatMap(([type, fields]) => fields.map((f) => [type, f] as const)),
    );
    expect(plain.map(([type, field]) => `${type}.${field}`)).toEqual(
      expect.arrayContaining(['Me.user', 'User.email', 'UserCompany.name', 'Company.name']),
    );
    for (const [type, field] of plain)
      expect(typeOf(type).getFields()[field]!.resolve, `${type}.${field}`).toBeUndefined();
    for (const [type, field] of [
      ['User', 'company'],
      ['User', 'isOwner'],
      ['User', 'numberOfImports'],
      ['User', 'userPreferences'],
      ['Company', 'latestDataImport'],
      ['Company', 'contract'],
      ['PersonName', 'first'],
    ] as const)
      expect(typeOf(type).getFields()[field]!.resolve, `${type}.${field}`).toBeTypeOf('function');
  });

  it('answers every field of Company alike on graphql-js and the compiled executor', async () => {
    const query = `query($c: ID!) { getCompany(companyId: $c) { ${everyField(typeOf('Company'))} } }`;
    const first = await t.gql(query, { c: companyId }, { token });
    const second = await t.gql(query, { c: companyId }, { token });
    expect(first.body.errors).toBeUndefined();
    expect(second.body).toEqual(first.body);
    const company = first.body.data.getCompany;
    expect(company).toMatchObject({
      id: companyId,
      name: 'Plain GmbH',
      VATNumber: 'ATU1',
      comment: 'note',
      walletId: companyId,
      address: { street: 'Ring 2', city: 'Graz', postalCode: '8010', country: 'AT', state: null },
      latestDataImport: null,
    });
    expect(company.createdDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses at start-up a plain field the schema does not have', () => {
    expect(() => buildSchema(undefined, [{ User: ['noSuchField'] }])).toThrow(/User\.noSuchField/);
    expect(() => buildSchema(undefined, [{ NoSuchType: ['id'] }])).toThrow(/NoSuchType/);
    // The SDL itself has every listed field (the same check, without the app's resolvers).
    const sdl = buildSdlSchema(loadTypeDefs());
    for (const map of presenterPlainFields)
      for (const [type, fields] of Object.entries(map))
        for (const field of fields) expect((sdl.getType(type) as GraphQLObjectType).getFields()[field]).toBeDefined();
  });
});
