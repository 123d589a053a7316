import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildASTSchema, parse, type GraphQLSchema } from 'graphql';
import { authResolvers } from '../modules/auth/auth.resolvers';
import { companiesResolvers } from '../modules/companies/companies.resolvers';
import { contractsResolvers } from '../modules/contracts/contracts.resolvers';
import { creditsResolvers } from '../modules/credits/credits.resolvers';
import { datafilesResolvers } from '../modules/datafiles/datafiles.resolvers';
import { notificationsResolvers } from '../modules/notifications/notifications.resolvers';
import { settingsResolvers } from '../modules/settings/settings.resolvers';
import { userManagementResolvers, usersResolvers } from '../modules/users/users.resolvers';
import { AppError } from './errors';
import type { ModuleResolvers, RootResolver } from './resolver-types';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

/** base.graphql plus every modules/<x>/<x>.graphql, in a stable order. */
export function loadTypeDefs(): string {
  const modulesDir = `${apiDir}modules`;
  const files = [`${apiDir}graphql/base.graphql`];
  for (const name of readdirSync(modulesDir).sort()) {
    for (const file of readdirSync(`${modulesDir}/${name}`).sort()) if (file.endsWith('.graphql')) files.push(`${modulesDir}/${name}/${file}`);
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
  companiesResolvers,
  contractsResolvers,
  creditsResolvers,
];

/** Root fields of every module merged into one rootValue; a name defined twice is a programming error. */
export function buildRoot(modules: ModuleResolvers[] = moduleResolvers): { Query: Record<string, RootResolver>; Mutation: Record<string, RootResolver> } {
  const root = { Query: { health: () => 'ok' } as Record<string, RootResolver>, Mutation: {} as Record<string, RootResolver> };
  for (const m of modules) {
    for (const kind of ['Query', 'Mutation'] as const) {
      for (const [name, fn] of Object.entries(m[kind] ?? {})) {
        if (root.Query[name] || root.Mutation[name]) throw new Error(`Root field ${name} is defined twice`);
        root[kind][name] = fn;
      }
    }
  }
  return root;
}

export function buildSchema(): GraphQLSchema {
  return buildASTSchema(parse(loadTypeDefs()));
}

/**
 * graphql-js resolves root fields from rootValue as (args, context, info). The wrapper is where
 * anything unexpected is caught: AppErrors pass through, the rest is formatted as GENERAL_ERROR.
 */
export function rootValueFor(root: ReturnType<typeof buildRoot>): Record<string, RootResolver> {
  const value: Record<string, RootResolver> = {};
  for (const fields of [root.Query, root.Mutation]) {
    for (const [name, fn] of Object.entries(fields)) {
      value[name] = async (args, ctx) => {
        try {
          return await fn(args, ctx);
        } catch (error) {
          if (error instanceof AppError) throw error;
          ctx.deps.log.error(`resolver ${name} failed`, error);
          throw new AppError('GENERAL_ERROR');
        }
      };
    }
  }
  return value;
}
