import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type ValidationContext,
  type SelectionSetNode,
  type FragmentDefinitionNode,
} from 'graphql';

export const LIMITS = {
  maxDepth: 12,
  maxAliases: 30,
  maxQueryLength: 20_000,
  documentCacheSize: 500,
  maxExpensiveFields: 1,
  maxVariableListLength: 10_000,
} as const;

/**
 * The longest list anywhere in the request's variables, checked before graphql-js coerces them
 * (coercing 70,000 input objects alone holds the event loop for a noticeable time); a field with a
 * cap of its own (e.g. manual decisions) refuses past that cap with its reason.
 */
export function longestList(value: unknown, max: number = LIMITS.maxVariableListLength): number {
  let longest = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      longest = Math.max(longest, v.length);
      if (longest > max) return longest;
      for (const item of v) if (item && typeof item === 'object') stack.push(item);
    } else if (v && typeof v === 'object')
      for (const item of Object.values(v)) if (item && typeof item === 'object') stack.push(item);
  }
  return longest;
}

/**
 * Root fields that do a lot of work per call (read a whole stored file, hash a password, run a
 * cleaning and issue a certificate, queue a Worker job): a request may run at most one of them
 * (`expensiveFieldRule`), so aliases cannot turn one request into 30 exports or 30 certificates.
 * The one place to mark a field expensive.
 */
export const EXPENSIVE_FIELDS: Readonly<Record<'Query' | 'Mutation', readonly string[]>> = {
  Mutation: [
    'login',
    'registerCompany',
    'updateUserOnActivation',
    'resetPassword',
    'changePassword',
    'createDraftDatafile',
    'saveDraftDatafileColumns',
    'changeDatafileUploadingProgressStatus',
    'requestDatafileExport',
    'updateCleaningSettings',
    'resetDatafileCleaning',
    'updateDatafileReportSettings',
    'deleteDatafile',
    'createLiveDatafile',
    'retryJob',
  ],
  Query: ['getSheetNames', 'getUploadPreview', 'getUsageStatsCsv'],
};

/**
 * What a selection set measures with its fragments followed, each fragment measured once: a spread
 * takes the fragment's remembered figure. Walking every path instead costs the number of paths, and
 * a kilobyte of fragments that each spread the next one twice has 2^40 of them (validation held a
 * process for seconds at 18 levels, for good at 30, before any login or budget could stop it).
 * A spread inside a cycle counts 0 (graphql-js refuses the cycle itself).
 */
function fragmentMeasure(
  context: ValidationContext,
  measure: (set: SelectionSetNode, spread: (name: string) => number) => number,
): (set: SelectionSetNode) => number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of context.getDocument().definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const known = new Map<string, number>();
  const open = new Set<string>();
  const spread = (name: string): number => {
    const remembered = known.get(name);
    if (remembered !== undefined) return remembered;
    const frag = fragments.get(name);
    if (!frag || open.has(name)) return 0;
    open.add(name);
    const figure = measure(frag.selectionSet, spread);
    open.delete(name);
    known.set(name, figure);
    return figure;
  };
  return (set) => measure(set, spread);
}

/** Refuses documents nested deeper than maxDepth (fragments followed), a cheap guard against abusive queries. */
export function depthLimitRule(maxDepth: number = LIMITS.maxDepth) {
  return (context: ValidationContext): ASTVisitor => {
    // The levels of fields below a selection set: `{ me { id } }` has 2.
    const depthOf = (set: SelectionSetNode, spread: (name: string) => number): number => {
      let max = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD)
          max = Math.max(max, 1 + (sel.selectionSet ? depthOf(sel.selectionSet, spread) : 0));
        else if (sel.kind === Kind.INLINE_FRAGMENT) max = Math.max(max, depthOf(sel.selectionSet, spread));
        else max = Math.max(max, spread(sel.name.value));
      }
      return max;
    };
    const depth = fragmentMeasure(context, depthOf);
    return {
      OperationDefinition(node) {
        if (depth(node.selectionSet) > maxDepth)
          context.reportError(new GraphQLError(`Query is nested deeper than ${maxDepth} levels.`, { nodes: [node] }));
      },
    };
  };
}

/**
 * Refuses an operation that selects more than `max` expensive root fields (EXPENSIVE_FIELDS), counted
 * per selection: aliases, repeats and fragments included (a fragment spread twice counts twice).
 */
export function expensiveFieldRule(max: number = LIMITS.maxExpensiveFields) {
  return (context: ValidationContext): ASTVisitor => {
    const countIn = (expensive: readonly string[]) =>
      fragmentMeasure(context, function count(set, spread): number {
        let n = 0;
        for (const sel of set.selections) {
          if (sel.kind === Kind.FIELD) n += expensive.includes(sel.name.value) ? 1 : 0;
          else if (sel.kind === Kind.INLINE_FRAGMENT) n += count(sel.selectionSet, spread);
          else n += spread(sel.name.value);
        }
        // Past the limit the exact figure does not matter; capped, doubling fragments stay small numbers.
        return Math.min(n, max + 1);
      });
    const counters = { mutation: countIn(EXPENSIVE_FIELDS.Mutation), query: countIn(EXPENSIVE_FIELDS.Query) };
    return {
      OperationDefinition(node) {
        if (node.operation === 'subscription') return;
        const expensive = node.operation === 'mutation' ? EXPENSIVE_FIELDS.Mutation : EXPENSIVE_FIELDS.Query;
        if (counters[node.operation](node.selectionSet) > max)
          context.reportError(
            new GraphQLError(
              `A request may run at most ${max} of ${expensive.join(', ')}: send each in a request of its own.`,
              { nodes: [node] },
            ),
          );
      },
    };
  };
}

/** Refuses documents with more than maxAliases aliases (alias-based batching of expensive fields). */
export function aliasLimitRule(maxAliases: number = LIMITS.maxAliases) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias && ++aliases === maxAliases + 1)
          context.reportError(new GraphQLError(`Query uses more than ${maxAliases} aliases.`, { nodes: [node] }));
      },
    };
  };
}
