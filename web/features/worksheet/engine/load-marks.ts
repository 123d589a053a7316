/**
 * The worksheet's first load as performance marks (`worksheet:<stage>`, each once per page load):
 * settings in, quota columns in, page mounted, engine ready, first run sent, its result, the table
 * committed. `npm run bench:pages` prints them (BENCH_PAGES_TIMELINE=1) to show what waits on what.
 */
const marked = new Set<string>();

export function markLoad(
  stage: 'settings' | 'columns' | 'mounted' | 'engine-ready' | 'run' | 'result' | 'table-committed',
): void {
  if (marked.has(stage)) return;
  marked.add(stage);
  performance.mark(`worksheet:${stage}`);
}
