import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type ValidationContext,
  type SelectionSetNode,
  type FragmentDefinitionNode,
} from 'graphql';

export const LIMITS = { maxDepth: 12, maxAliases: 30, maxQueryLength: 20_000, documentCacheSize: 500 } as const;

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
