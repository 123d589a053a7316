// A bound on what graphql-js's "fields can be merged" validation may compare, checked before it runs.
// That rule compares every two fields of one response name in a selection set, and for each such pair
// every two fields of one name in their sub-selections, and so on: its work grows with the square of
// repeated selections at every level. Within the request caps (20,000 characters, 5,000 tokens) a
// document of 500 repeats of `me { companyId }`, or 20 `me` each with 20 `user { id }`, cost it 100-200
// ms of CPU, without a login and before any time budget. This walk counts the same pairs (fragments
// expanded as the rule expands them) and stops at the budget, so it costs at most the budget's steps.
import { Kind, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/** Field pairs (and fields collected) a document may make the rule look at: the app's largest document counts 96. */
export const MERGE_COMPARISON_BUDGET = 10_000;

class OverBudget extends Error {}

/**
 * The field pairs the merge rule would compare in `document` (and the fields it collects), counted up
 * to `budget` + 1: a result above `budget` means "more than that".
 */
export function mergeComparisons(document: DocumentNode, budget: number = MERGE_COMPARISON_BUDGET): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  let steps = 0;
  const step = (n = 1) => {
    steps += n;
    if (steps > budget) throw new OverBudget();
  };

  /**
   * The fields of a selection set by response name, inline fragments and fragment spreads expanded; a
   * fragment spread again in the same collection adds nothing (the rule merges it once too).
   */
  const collect = (set: SelectionSetNode, into: Map<string, FieldNode[]>, seen: Set<string>) => {
    for (const sel of set.selections) {
      step();
      if (sel.kind === Kind.FIELD) {
        const name = sel.alias?.value ?? sel.name.value;
        const list = into.get(name);
        if (list) list.push(sel);
        else into.set(name, [sel]);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) collect(sel.selectionSet, into, seen);
      else {
        const fragment = fragments.get(sel.name.value);
        if (!fragment || seen.has(sel.name.value)) continue;
        seen.add(sel.name.value);
        collect(fragment.selectionSet, into, seen);
      }
    }
    return into;
  };
  const fieldsOf = (sets: readonly SelectionSetNode[]) => {
    const into = new Map<string, FieldNode[]>();
    const seen = new Set<string>();
    for (const set of sets) collect(set, into, seen);
    return into;
  };

  /** Every pair of fields of one name is compared, and their sub-selections as one. */
  const within = (byName: Map<string, FieldNode[]>) => {
    for (const fields of byName.values()) {
      const subs = fields.flatMap((f) => (f.selectionSet ? [f.selectionSet] : []));
      if (fields.length > 1) {
        step((fields.length * (fields.length - 1)) / 2);
        if (subs.length > 1) within(fieldsOf(subs));
      }
      for (const sub of subs) within(fieldsOf([sub]));
    }
  };

  try {
    for (const def of document.definitions)
      if (def.kind === Kind.OPERATION_DEFINITION || def.kind === Kind.FRAGMENT_DEFINITION)
        within(fieldsOf([def.selectionSet]));
  } catch (error) {
    if (error instanceof OverBudget) return budget + 1;
    throw error;
  }
  return steps;
}
