// Where an uploaded survey file is stored: uploads/<companyId>/<userId>/<generated>.<format>. The
// name is generated (never the user's), the format is fixed when the URL is issued, and the path
// names who may use the file, so getSheetNames and createDraftDatafile can refuse another user's
// file without a database row for every issued URL.
import { randomToken } from '../../lib/crypto';
import type { UploadFormat } from '../../ingest';

const KEY = /^uploads\/([A-Za-z0-9-]{1,64})\/([A-Za-z0-9-]{1,64})\/([A-Za-z0-9_-]{8,64})\.(xlsx|csv|sav)$/;

export type SourceKey = { key: string; companyId: string; userId: string; format: UploadFormat };

export function newSourceKey(companyId: string, userId: string, format: UploadFormat): string {
  return `uploads/${companyId}/${userId}/${randomToken(16)}.${format}`;
}

/** The parts of a key this module issued, or undefined for anything else. */
export function parseSourceKey(key: unknown): SourceKey | undefined {
  if (typeof key !== 'string') return undefined;
  const m = KEY.exec(key);
  return m ? { key, companyId: m[1]!, userId: m[2]!, format: m[4] as UploadFormat } : undefined;
}

export const toGraphqlFormat = (f: UploadFormat) => f.toUpperCase() as 'XLSX' | 'CSV' | 'SAV';
