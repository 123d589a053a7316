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

/** Refuses documents nested deeper than maxDepth (fragments followed), a cheap guard against abusive queries. */
export function depthLimitRule(maxDepth: number = LIMITS.maxDepth) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    const depthOf = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): number => {
      if (!set) return depth;
      let max = depth;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) max = Math.max(max, depthOf(sel.selectionSet, depth + 1, seen));
        else if (sel.kind === Kind.INLINE_FRAGMENT) max = Math.max(max, depthOf(sel.selectionSet, depth, seen));
        else if (!seen.has(sel.name.value)) {
          const frag = fragments.get(sel.name.value);
          if (frag) max = Math.max(max, depthOf(frag.selectionSet, depth, new Set([...seen, sel.name.value])));
        }
        if (max > maxDepth) return max;
      }
      return max;
    };
    return {
      OperationDefinition(node) {
        if (depthOf(node.selectionSet, 0, new Set()) > maxDepth)
          context.reportError(new GraphQLError(`Query is nested deeper than ${maxDepth} levels.`, { nodes: [node] }));
      },
    };
  };
}

/**
 * Refuses an operation that selects more than `max` expensive root fields (EXPENSIVE_FIELDS), counted
 * per selection: aliases, repeats and fragments included.
 */
export function expensiveFieldRule(max: number = LIMITS.maxExpensiveFields) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions)
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    const count = (set: SelectionSetNode, expensive: readonly string[], seen: Set<string>): number => {
      let n = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) n += expensive.includes(sel.name.value) ? 1 : 0;
        else if (sel.kind === Kind.INLINE_FRAGMENT) n += count(sel.selectionSet, expensive, seen);
        else if (!seen.has(sel.name.value)) {
          const frag = fragments.get(sel.name.value);
          if (frag) n += count(frag.selectionSet, expensive, new Set([...seen, sel.name.value]));
        }
      }
      return n;
    };
    return {
      OperationDefinition(node) {
        const expensive =
          node.operation === 'mutation'
            ? EXPENSIVE_FIELDS.Mutation
            : node.operation === 'query'
              ? EXPENSIVE_FIELDS.Query
              : [];
        if (count(node.selectionSet, expensive, new Set()) > max)
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
