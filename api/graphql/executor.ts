import {
  execute,
  getNamedType,
  getOperationAST,
  GraphQLError,
  isInputObjectType,
  parse,
  Source,
  specifiedRules,
  typeFromAST,
  validate,
  visit,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GqlContext } from './context';
import { aliasLimitRule, depthLimitRule, expensiveFieldRule, LIMITS } from './limits';
import { MERGE_COMPARISON_BUDGET, mergeComparisons } from './merge-cost';

/** One operation of a cached document: found once, compiled once it has run `COMPILE_AFTER` times. */
type Plan = {
  operation: OperationDefinitionNode | null;
  runs: number;
  /** The compiled query; null when the operation is not compiled (not a query, or compiling failed). */
  compiled: CompiledQuery | null | undefined;
  /** The latency histogram's label of the operation (its kind and root field), made on first use. */
  label?: string;
};

export type Prepared = {
  document: DocumentNode;
  errors: readonly GraphQLError[];
  usesIntrospection: boolean;
  plans: Map<string, Plan>;
};

/**
 * A document is compiled (graphql-jit) on its second run: once is the common case of a document
 * nobody repeats, and compiling costs about as much as a few runs. The pages ask the same few
 * documents again and again (`me` on every page), where graphql-js's general executor cost more
 * than the SQL behind them (docs/benchmarks.md, bench:db).
 */
const COMPILE_AFTER = 1;

/**
 * Parse, validation and the operation of each request text, cached by that text (LRU,
 * LIMITS.documentCacheSize): graphql-js spends more on parsing and validating a document than on
 * running a small one. Queries are compiled to a function with graphql-jit once they repeat;
 * mutations, introspection and queries with input-object variables run on graphql-js (graphql-jit
 * fills the absent fields of an input object from variables with null, where graphql-js leaves
 * them out, and an update would then clear what it should keep).
 */
export function createExecutor(schema: GraphQLSchema, options: { hideSuggestions?: boolean } = {}) {
  const { hideSuggestions = false } = options;
  const cache = new Map<string, Prepared>();
  const rules = [...specifiedRules, depthLimitRule(), aliasLimitRule(), expensiveFieldRule()];

  const prepare = (query: string): Prepared => {
    const hit = cache.get(query);
    if (hit) {
      cache.delete(query);
      cache.set(query, hit);
      return hit;
    }
    let prepared: Prepared;
    try {
      const document = parse(new Source(query, 'GraphQL request'), { maxTokens: 5000 });
      // Before validation: its rule that fields can be merged costs the square of repeated selections.
      if (mergeComparisons(document) > MERGE_COMPARISON_BUDGET)
        throw new GraphQLError(
          `Query repeats selections too often (more than ${MERGE_COMPARISON_BUDGET} field comparisons): ask for each field once.`,
        );
      let usesIntrospection = false;
      visit(document, {
        Field: (node) =>
          void ((node.name.value === '__schema' || node.name.value === '__type') && (usesIntrospection = true)),
      });
      prepared = {
        document,
        errors: validate(schema, document, rules, { hideSuggestions }),
        usesIntrospection,
        plans: new Map(),
      };
    } catch (error) {
      prepared = {
        document: { kind: 'Document', definitions: [] } as unknown as DocumentNode,
        errors: [error as GraphQLError],
        usesIntrospection: false,
        plans: new Map(),
      };
    }
    cache.set(query, prepared);
    if (cache.size > LIMITS.documentCacheSize) cache.delete(cache.keys().next().value!);
    return prepared;
  };

  /** The operation to run (null when the name is unknown or the document has several and none is named). */
  const plan = (prepared: Prepared, operationName: string | null): Plan => {
    const key = operationName ?? '';
    const known = prepared.plans.get(key);
    if (known) return known;
    // Bounded: names that match no operation are remembered too, so a flood of them resets the map.
    if (prepared.plans.size > 50) prepared.plans.clear();
    const found: Plan = {
      operation: getOperationAST(prepared.document, operationName) ?? null,
      runs: 0,
      compiled: undefined,
    };
    prepared.plans.set(key, found);
    return found;
  };

  const compilable = (prepared: Prepared, operation: OperationDefinitionNode): boolean =>
    operation.operation === 'query' &&
    !prepared.usesIntrospection &&
    (operation.variableDefinitions ?? []).every((v) => {
      const type = typeFromAST(schema, v.type as Parameters<typeof typeFromAST>[1]);
      return type !== undefined && !isInputObjectType(getNamedType(type));
    });

  const run = (
    prepared: Prepared,
    found: Plan,
    contextValue: GqlContext,
    variableValues: Record<string, unknown> | undefined,
    operationName: string | undefined,
  ): ExecutionResult | Promise<ExecutionResult> => {
    if (found.compiled === undefined && ++found.runs > COMPILE_AFTER) {
      const compiled = compilable(prepared, found.operation!)
        ? compileQuery(schema, prepared.document, operationName, { disablingCapturingStackErrors: true })
        : null;
      found.compiled = compiled && isCompiledQuery(compiled) ? compiled : null;
    }
    if (found.compiled)
      return found.compiled.query(undefined, contextValue, variableValues) as
        | ExecutionResult
        | Promise<ExecutionResult>;
    return execute({
      schema,
      document: prepared.document,
      contextValue,
      variableValues,
      operationName,
      hideSuggestions,
    });
  };

  /** Whether `query` is a document prepared before (and so passed the request's checks on the way in). */
  const has = (query: unknown): boolean => typeof query === 'string' && cache.has(query);

  return { prepare, plan, run, has };
}
