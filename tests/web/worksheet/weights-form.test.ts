import { describe, expect, it } from 'vitest';
import {
  WEIGHT_KEYS,
  weightsOf,
  worksheetSchema,
  type WorksheetValues,
} from '../../../web/features/worksheet/settings/form-model';

// The worksheet form's weights: every score of the combined score has a field (CON included), the
// browser computes with what the fields hold, and weights that would leave no interview a combined
// score are refused while typing with the server's own reason.

const withWeights = (weights: Record<string, number | ''>) => ({ weights }) as unknown as WorksheetValues;
const schema = worksheetSchema(() => null, 100);

describe('worksheet weights', () => {
  it('has a field for every score the combined score averages, CON included', () => {
    for (const k of ['ts', 'ibs', 'con', 'oes', 'ps', 'cs', 'bas']) expect(WEIGHT_KEYS).toContain(k);
    expect(weightsOf(withWeights({ con: 5 })).con).toBe(5);
    expect(weightsOf(withWeights({ con: '' })).con).toBe(2);
  });

  it('refuses every scored weight 0 with the reason the server gives, and only then', async () => {
    const zero = { ts: 0, ibs: 0, con: 0, oes: 0, ps: 0, cs: 0, bas: 0, is: 1, sds: 1 };
    await expect(schema.validateAt('weights', withWeights(zero))).rejects.toThrow('reasons.ALL_WEIGHTS_ZERO');
    // An empty field keeps its default, which is not 0.
    await expect(schema.validateAt('weights', withWeights({ ...zero, con: '' }))).resolves.toBeDefined();
    await expect(schema.validateAt('weights', withWeights({ ...zero, bas: 0.5 }))).resolves.toBeDefined();
  });
});
