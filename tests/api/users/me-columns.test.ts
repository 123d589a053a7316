// `me` reads only the user's and organisation's columns its document shows, in the statement that
// checks the session. Every field of User must come out as getUser (which reads whole rows) gives it,
// through graphql-js (a document's first run) and the compiled executor (its later runs), also when
// another field asked for the viewer first and when the selection uses a fragment.
import { eq } from 'drizzle-orm';
import { getNamedType, isObjectType, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeCompany, makeUser } from '../../support/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const companyId = await makeCompany(t.db);
  await t.db
    .update(companies)
    .set({ street: 'Hauptstraße 1', city: 'Wien', postalCode: '1010', country: 'AT', image: 'c.png' })
    .where(eq(companies.id, companyId));
  admin = await makeUser(t.db, t.deps.appSecret, { companyId, accessLevel: 'ADMIN', owner: true });
  await t.db
    .update(users)
    .set({ telephone: '+43 1 234', position: 'Lead', image: 'u.png', nextNpsDate: '2020-01-01T00:00:00.000Z' })
    .where(eq(users.id, admin.id));
  token = await t.tokenFor(admin.email, admin.password);
});
afterAll(() => t.close());

/** Every leaf below a type, two levels of objects deep. */
function selectionOf(type: GraphQLObjectType, depth = 2): string {
  return Object.values(type.getFields())
    .filter((f) => f.args.length === 0)
    .map((f) => {
      const named = getNamedType(f.type);
      if (!isObjectType(named)) return f.name;
      return depth > 0 ? `${f.name} { ${selectionOf(named, depth - 1)} }` : '';
    })
    .filter(Boolean)
    .join(' ');
}

const userType = () => t.schema.getType('User') as GraphQLObjectType;

async function twice(query: string, variables: Record<string, unknown> = {}, auth: Record<string, string> = { token }) {
  const first = await t.gql(query, variables, auth);
  const second = await t.gql(query, variables, auth);
  expect(first.body.errors).toBeUndefined();
  expect(second.body).toEqual(first.body);
  return first.body.data;
}

describe('me reads the columns its document shows', () => {
  it('gives every field of User as getUser does, one field at a time', async () => {
    for (const field of Object.values(userType().getFields())) {
      const named = getNamedType(field.type);
      const selection = isObjectType(named) ? `${field.name} { ${selectionOf(named)} }` : field.name;
      const me = await twice(`{ me { user { ${selection} } } }`);
      const full = await twice(`query($u: ID!) { getUser(userId: $u) { ${selection} } }`, { u: admin.id });
      expect(me.me.user, field.name).toEqual(full.getUser);
    }
  });

  it('gives the same when another field read the viewer first, when me is asked twice and through a fragment', async () => {
    const all = selectionOf(userType());
    const full = (await twice(`query($u: ID!) { getUser(userId: $u) { ${all} } }`, { u: admin.id })).getUser;
    expect(full.company.address.city).toBe('Wien');
    expect(full.isOwner).toBe(true);
    expect(full.watchNPS).toBe(true);
    expect((await twice(`{ me { user { ${all} } } }`)).me.user).toEqual(full);
    const after = await twice(`query($u: ID!) { first: getUser(userId: $u) { id } me { user { ${all} } } }`, {
      u: admin.id,
    });
    expect(after.me.user).toEqual(full);
    const aliases = await twice(`{ a: me { user { id } } b: me { user { ${all} } } }`);
    expect(aliases.b.user).toEqual(full);
    const fragment = await twice(`{ me { user { ...U } } } fragment U on User { ${all} }`);
    expect(fragment.me.user).toEqual(full);
    const byKey = await twice(`{ me { user { ${all} } } }`, {}, { apiKey: admin.apiKey });
    expect(byKey.me.user).toEqual(full);
  });

  it('answers right past the number of column sets it prepares statements for (then it reads whole rows)', async () => {
    const leaves = Object.values(userType().getFields())
      .filter((f) => !isObjectType(getNamedType(f.type)))
      .map((f) => f.name);
    const full = (await twice(`query($u: ID!) { getUser(userId: $u) { ${leaves.join(' ')} } }`, { u: admin.id }))
      .getUser;
    let documents = 0;
    for (let i = 0; i < leaves.length && documents < 80; i++)
      for (let j = i + 1; j < leaves.length && documents < 80; j++, documents++) {
        const me = (await t.gql(`{ me { user { ${leaves[i]} ${leaves[j]} } } }`, {}, { token })).body.data.me.user;
        expect(me).toEqual({ [leaves[i]!]: full[leaves[i]!], [leaves[j]!]: full[leaves[j]!] });
      }
    expect(documents).toBe(80);
  });

  it('answers an operator, who has no organisation', async () => {
    const op = await makeUser(t.db, t.deps.appSecret, { companyId: null, accessLevel: 'SUPER_ADMIN' });
    const opToken = await t.tokenFor(op.email, op.password);
    const me = await twice('{ me { user { id isOwner company { id name } } companyId } }', {}, { token: opToken });
    expect(me.me).toEqual({ user: { id: op.id, isOwner: false, company: null }, companyId: null });
  });
});
