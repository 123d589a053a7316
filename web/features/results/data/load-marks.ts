/**
 * The result page's first load as performance marks (`result:<stage>`, each once per page load): the
 * page's query answered, the score columns' bytes in, decoded, the page mounted with the query's
 * answer, the score tab's table committed. `npm run bench:pages` prints them (BENCH_PAGES_TIMELINE=1)
 * to show what waits on what.
 */
const marked = new Set<string>();

/** `at`: when it happened (epoch ms, e.g. in the data worker), else now. */
export function markResultLoad(
  stage: 'query' | 'bytes' | 'decoded' | 'mounted' | 'table-committed',
  at?: number,
): void {
  if (marked.has(stage)) return;
  marked.add(stage);
  performance.mark(`result:${stage}`, at === undefined ? undefined : { startTime: at - performance.timeOrigin });
}
