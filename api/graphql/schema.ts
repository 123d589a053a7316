import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildASTSchema,
  defaultFieldResolver,
  isObjectType,
  Kind,
  parse,
  type GraphQLResolveInfo,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { authResolvers } from '../modules/auth/auth.resolvers';
import { certificatesResolvers } from '../modules/certificates/certificates.resolvers';
import { resultsResolvers } from '../modules/results/results.resolvers';
import { worksheetResolvers } from '../modules/worksheet/worksheet.resolvers';
import { companiesResolvers } from '../modules/companies/companies.resolvers';
import { contractsResolvers } from '../modules/contracts/contracts.resolvers';
import { creditsResolvers } from '../modules/credits/credits.resolvers';
import { exportsResolvers } from '../modules/exports/exports.resolvers';
import { reportsResolvers } from '../modules/reports/reports.resolvers';
import { dashboardResolvers } from '../modules/dashboard/dashboard.resolvers';
import { datafilesResolvers } from '../modules/datafiles/datafiles.resolvers';
import { duplicatesResolvers } from '../modules/duplicates/duplicates.resolvers';
import { liveImportResolvers } from '../modules/live-import/live-import.resolvers';
import { monitoringResolvers } from '../modules/monitoring/monitoring.resolvers';
import { notificationsResolvers } from '../modules/notifications/notifications.resolvers';
import { settingsResolvers } from '../modules/settings/settings.resolvers';
import { uploadsResolvers } from '../modules/uploads/uploads.resolvers';
import { statsResolvers } from '../modules/stats/stats.resolvers';
import { userManagementResolvers, usersResolvers } from '../modules/users/users.resolvers';
import { companiesPlainFields } from '../modules/companies/companies.presenter';
import { usersPlainFields } from '../modules/users/users.presenter';
import type { GqlContext } from './context';
import { AppError } from '../kernel/errors/errors';
import type { ModuleResolvers } from './resolver-types';
import type { PlainFieldMap } from './plain-fields';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

/** base.graphql plus every modules/<x>/<x>.graphql, in a stable order. */
export function loadTypeDefs(): string {
  const modulesDir = `${apiDir}modules`;
  const files = [`${apiDir}graphql/base.graphql`];
  for (const name of readdirSync(modulesDir).sort()) {
    for (const file of readdirSync(`${modulesDir}/${name}`).sort())
      if (file.endsWith('.graphql')) files.push(`${modulesDir}/${name}/${file}`);
  }
  return files.map((f) => readFileSync(f, 'utf8')).join('\n');
}

export const moduleResolvers: ModuleResolvers[] = [
  authResolvers,
  usersResolvers,
  userManagementResolvers,
  notificationsResolvers,
  settingsResolvers,
  datafilesResolvers,
  dashboardResolvers,
  companiesResolvers,
  contractsResolvers,
  creditsResolvers,
  uploadsResolvers,
  statsResolvers,
  monitoringResolvers,
  certificatesResolvers,
  resultsResolvers,
  worksheetResolvers,
  exportsResolvers,
  reportsResolvers,
  liveImportResolvers,
  duplicatesResolvers,
];

/** The presenters' fields held as values, by type (api/graphql/plain-fields.ts). */
export const presenterPlainFields: PlainFieldMap[] = [usersPlainFields, companiesPlainFields];

/** A field resolver as graphql-js calls it: (parent, args, context, info). */
type FieldResolver = GraphQLFieldResolver<unknown, GqlContext, any>;
export type ResolverMap = Record<string, Record<string, FieldResolver>>;

/** Every module's resolvers merged by type and field; a field resolved twice is a programming error. */
export function buildRoot(
  modules: ModuleResolvers[] = moduleResolvers,
): ResolverMap & { Query: Record<string, FieldResolver>; Mutation: Record<string, FieldResolver> } {
  const root: ResolverMap = { Query: { health: () => 'ok' }, Mutation: {} };
  for (const m of modules) {
    for (const [type, fields] of Object.entries(m)) {
      root[type] ??= {};
      for (const [name, fn] of Object.entries(fields as Record<string, FieldResolver>)) {
        if (root[type][name]) throw new Error(`${type}.${name} is resolved twice`);
        root[type][name] = fn;
      }
    }
  }
  return root as ReturnType<typeof buildRoot>;
}

/**
 * Wraps a resolver: AppErrors pass through, anything else is logged and becomes GENERAL_ERROR
 * (@hono/graphql-server has no error formatter; api/graphql/handler.ts formats what leaves). A
 * failure always leaves as a rejected promise; a value the resolver returned at once (a presenter's
 * field, a cached read) is passed on as it is, so the executor need not wait a turn for it.
 */
export function guardResolver(name: string, fn: FieldResolver): FieldResolver {
  const failed = (error: unknown, ctx: GqlContext): Promise<never> => {
    if (error instanceof AppError) return Promise.reject(error);
    ctx.deps.log.error(`resolver ${name} failed`, error);
    return Promise.reject(new AppError('GENERAL_ERROR'));
  };
  const call: FieldResolver = (parent, args, ctx, info) => {
    let result: unknown;
    try {
      result = fn(parent, args, ctx, info);
    } catch (error) {
      return failed(error, ctx);
    }
    return isThenable(result) ? Promise.resolve(result).catch((error: unknown) => failed(error, ctx)) : result;
  };
  const guarded: FieldResolver = (parent, args, ctx, info) => {
    // Past the request's budget no further resolver starts: the work stops at the next field. A long
    // request lets others in every slice (api/lib/request-budget.ts).
    let turn: Promise<void> | undefined;
    try {
      turn = ctx.budget?.pace();
    } catch (error) {
      return failed(error, ctx);
    }
    return turn ? turn.then(() => call(parent, args, ctx, info)) : call(parent, args, ctx, info);
  };
  if (!name.startsWith('Query.')) return guarded;
  // A query's root fields run one after another, so the request's turns fall between them. A query
  // of one root field has nothing to wait for.
  return (parent, args, ctx, info) =>
    ctx.budget && info.path.prev === undefined && !soleRootField(info)
      ? ctx.budget.serial(() => Promise.resolve(guarded(parent, args, ctx, info)))
      : guarded(parent, args, ctx, info);
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** Whether the operation asks for one root field only (a fragment at the root may hold several). */
const soleRootField = (info: GraphQLResolveInfo): boolean => {
  const selections = info.operation.selectionSet.selections;
  return selections.length === 1 && selections[0]!.kind === Kind.FIELD;
};

/**
 * The schema of the SDL with every module's resolvers on their fields (unknown types or fields fail
 * here, at start-up, also in `plain`).
 */
export function buildSchema(
  resolvers: ResolverMap = buildRoot(),
  plain: readonly PlainFieldMap[] = presenterPlainFields,
): GraphQLSchema {
  const schema = buildASTSchema(parse(loadTypeDefs()));
  for (const [typeName, fields] of Object.entries(resolvers)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) throw new Error(`Resolvers for ${typeName}, which is no object type of the schema`);
    const schemaFields = type.getFields();
    for (const [name, fn] of Object.entries(fields)) {
      const field = schemaFields[name];
      if (!field) throw new Error(`Resolver for ${typeName}.${name}, which the schema does not have`);
      field.resolve = guardResolver(`${typeName}.${name}`, fn);
    }
  }
  // Presenters compute fields with functions on the object they return (a nested field loads when it
  // is asked for). graphql-js's default resolver calls them; the compiled executor (executor.ts)
  // reads a field without a resolver as a plain property, so every field gets graphql-js's default,
  // except the fields every object of their type holds as a value (`plain`), which either reads alike.
  const asValues = new Map<string, Set<string>>();
  for (const map of plain)
    for (const [typeName, fields] of Object.entries(map)) {
      const type = schema.getType(typeName);
      if (!isObjectType(type)) throw new Error(`Plain fields of ${typeName}, which is no object type of the schema`);
      for (const name of fields)
        if (!type.getFields()[name]) throw new Error(`Plain field ${typeName}.${name}, which the schema does not have`);
      asValues.set(typeName, new Set([...(asValues.get(typeName) ?? []), ...fields]));
    }
  for (const type of Object.values(schema.getTypeMap()))
    if (isObjectType(type) && !type.name.startsWith('__'))
      for (const field of Object.values(type.getFields()))
        if (!asValues.get(type.name)?.has(field.name)) field.resolve ??= presenterField;
  return schema;
}

/**
 * graphql-js's default resolver, which also keeps the request's budget (and its turns) when the
 * presenter's field is a function (a nested load); plain values cost no check.
 */
const presenterField: FieldResolver = (source, args, ctx, info) => {
  if (typeof (source as Record<string, unknown> | null)?.[info.fieldName] === 'function') {
    const turn = ctx.budget?.pace();
    if (turn) return turn.then(() => defaultFieldResolver(source, args, ctx, info));
  }
  return defaultFieldResolver(source, args, ctx, info);
};
