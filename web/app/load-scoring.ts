/**
 * Loads the scoring facade on demand (the worksheet and result pages will call it). Keeping it a
 * dynamic import makes Vite emit it, and the .wasm it references, as its own chunk.
 */
export const loadScoringModule = () => import('../lib/scoring');
