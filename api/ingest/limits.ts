// Caps on what an upload may contain, so a hostile file cannot exhaust memory or time. Checked before parsing (size, zip
// central directory) and while reading (sheets, rows, columns, cells, time, memory). A file over any
// of them is refused with UPLOAD_FILE_TOO_LARGE or UPLOAD_FILE_LIMITS_EXCEEDED and a `reason`.
export interface UploadLimits {
  /** Bytes of the file as received, per format. */
  maxFileBytes: { xlsx: number; csv: number; sav: number };
  /** xlsx (a zip): entries in the central directory. */
  maxZipEntries: number;
  /** xlsx: sum of the declared uncompressed sizes, and what inflating may really produce. */
  maxUncompressedBytes: number;
  /** xlsx: uncompressed / compressed size of any one entry (zip bombs reach 1000:1 and more). */
  maxCompressionRatio: number;
  maxSheets: number;
  maxRows: number;
  maxColumns: number;
  /** Rows x columns of the data read (xlsx and sav hold them in memory; CSV streams). */
  maxCells: { xlsx: number; csv: number; sav: number };
  /** sav: value labels summed over the variables each set applies to (real files: a few hundred to a few thousand). */
  maxValueLabels: number;
  /** csv: characters without a line break (a row longer than this is not survey data; parsing one costs its square). */
  maxLineChars: number;
  /** Characters of one cell. */
  maxCellChars: number;
  /** Wall-clock budget of one processing run, in milliseconds. */
  maxMillis: number;
  /** Resident memory of the process (the Worker shares it) above which processing stops. */
  maxRssBytes: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: UploadLimits = {
  maxFileBytes: { xlsx: 200 * MiB, csv: 2048 * MiB, sav: 1024 * MiB },
  maxZipEntries: 2_000,
  maxUncompressedBytes: 1536 * MiB,
  // Sheet XML of survey data compresses 5-30:1; very repetitive sheets reach ~100:1.
  maxCompressionRatio: 250,
  maxSheets: 250,
  maxRows: 2_000_000,
  maxColumns: 5_000,
  maxCells: { xlsx: 20_000_000, csv: 200_000_000, sav: 50_000_000 },
  maxValueLabels: 500_000,
  maxCellChars: 32_767,
  maxLineChars: 16 * MiB,
  maxMillis: 10 * 60_000,
  maxRssBytes: 3 * 1024 * MiB,
};

export function withLimits(overrides: Partial<UploadLimits> = {}): UploadLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
