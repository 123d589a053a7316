// Grid labels that depend on the consistency score, shared by the facade, the composed pipeline and
// the command line. The sixteen-lane grid kernel applies the same rule inside scoreAll.
import { GRID_LABELS } from './types.ts';

const OK = GRID_LABELS.indexOf('OK');
const INCONSISTENT = GRID_LABELS.indexOf('Inconsistent');

/**
 * Turns the label of an OK grid into 'Inconsistent' where the grid's own D² (ConsistencyGridResult.d2)
 * exceeds its label cut, i.e. where the grid's own consistency score is in the red band. The other
 * labels (straightliner, partial straightliner, pattern) explain the answers better and stay.
 */
export function markInconsistent(labels: Uint8Array, d2: Float64Array, labelCut: number): Uint8Array {
  for (let i = 0; i < labels.length; i++) if (labels[i] === OK && d2[i]! > labelCut) labels[i] = INCONSISTENT;
  return labels;
}
