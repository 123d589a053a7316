import type { GqlContext } from './context';

/** A root field resolver as graphql-js calls it through rootValue: (args, context, info). */
export type RootResolver = (args: any, ctx: GqlContext) => unknown;
export type ModuleResolvers = { Query?: Record<string, RootResolver>; Mutation?: Record<string, RootResolver> };

export const SUCCESS = (message = 'OK') => ({ status: 'SUCCESS', message });
