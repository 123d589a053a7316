// Cells are stored exactly as uploaded, formula-looking text included (`=HYPERLINK(...)`, `+1+1`,
// `@SUM(...)`): the upload never evaluates it. Any export that writes cells into a spreadsheet or
// CSV must pass text through `neutraliseCell` so a spreadsheet program shows it as text instead of
// running it (OWASP "CSV injection"). Numbers are never changed: -5 stays a number.

/** Characters that make a spreadsheet program read a cell as a formula or a DDE command. */
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/** Text that a spreadsheet would treat as a formula gets a leading apostrophe; everything else is unchanged. */
export function neutraliseText(text: string): string {
  // Leading spaces do not protect: Excel trims them before deciding.
  const first = text.trimStart()[0];
  return first !== undefined && TRIGGERS.has(first) ? `'${text}` : text;
}

export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' ? neutraliseText(value) : value;
}
