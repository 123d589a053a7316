/**
 * Argon2id (at least 19 MiB, 2 iterations, 1 lane: the OWASP minimum) through Bun's built-in
 * implementation: the server and its tests run on Bun.
 */
export const ARGON2_PARAMS = { algorithm: 'argon2id', memoryCost: 19456, timeCost: 2 } as const;

export async function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with weaker parameters than today's (rehash on login). */
export function needsRehash(hash: string): boolean {
  const m = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
  if (!m) return true;
  return Number(m[1]) < ARGON2_PARAMS.memoryCost || Number(m[2]) < ARGON2_PARAMS.timeCost;
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the email is unknown, so both failures take the same time. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  return dummyHash;
}
