/**
 * Version of the scoring formulas and defaults. Stored with every score so a browser recalculation and
 * a stored server score can be compared; must equal the SCORING_VERSION global of the .wasm.
 */
export const SCORING_VERSION = '18';
