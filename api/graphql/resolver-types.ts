import type { Resolvers } from './generated/resolvers';

/**
 * What a module contributes to the schema: root fields (Query, Mutation) and fields of types it
 * extends (`extend type Company { contract: Contract }` in contracts.graphql is resolved by the
 * contracts module, so companies need not import contracts). Argument and result types come from
 * the SDL (api/graphql/generated/resolvers.ts, `npm run codegen:api`).
 */
export type ModuleResolvers = Resolvers;

export const SUCCESS = (message = 'OK') => ({ status: 'SUCCESS', message });
