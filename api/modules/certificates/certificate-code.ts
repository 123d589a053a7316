// Certificate codes: 12 random symbols of Crockford's base32 (60 bits: guessing one among even a
// million issued codes takes ~10^12 tries) and a check symbol (Luhn mod 32), shown as
// XXXX-XXXX-XXXX-C. Typing is forgiving: case, spaces and dashes do not matter, O reads as 0 and I
// or L as 1; a single wrong symbol, and two swapped neighbours (except 0 and Z, Luhn's one blind
// spot in base 32), fail the check before any lookup.
import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const PAYLOAD = 12;
const INDEX = new Map([...ALPHABET].map((c, i) => [c, i]));

function checkSymbol(payload: string): string {
  let factor = 2,
    sum = 0;
  for (let i = payload.length - 1; i >= 0; i--) {
    let addend = factor * INDEX.get(payload[i]!)!;
    factor = factor === 2 ? 1 : 2;
    addend = Math.floor(addend / 32) + (addend % 32);
    sum += addend;
  }
  return ALPHABET[(32 - (sum % 32)) % 32]!;
}

/** A new random code in canonical form (13 symbols, no separators). */
export function newCertificateCode(): string {
  const bytes = randomBytes(PAYLOAD);
  // One symbol per byte (5 of its 8 bits): uniform because 256 is a multiple of 32.
  const payload = Array.from(bytes, (b) => ALPHABET[b & 31]!).join('');
  return payload + checkSymbol(payload);
}

/** The canonical form of a typed code, or null when it cannot be one (wrong length, symbol or check). */
export function normaliseCertificateCode(input: string): string | null {
  const s = input
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (s.length !== PAYLOAD + 1 || ![...s].every((c) => INDEX.has(c))) return null;
  return checkSymbol(s.slice(0, PAYLOAD)) === s[PAYLOAD] ? s : null;
}

/** XXXX-XXXX-XXXX-C. */
export function formatCertificateCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}-${code.slice(12)}`;
}
