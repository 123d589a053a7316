// Test helpers: a local-disk blob store with the contract's shape (contracts/blob-store.md; the
// ingest helper's adapter replaces it when merged), the scoring facade, and small surveys.
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { UploadBlobStore } from '../../../api/ingest/blob';
import { chunksOf } from '../../../api/ingest/blob';
import { loadScoringFromDisk } from '../../../scoring/load-node';

export class DiskBlobStore implements UploadBlobStore {
  readonly kind = 'local' as const;
  readonly root: string;
  constructor(root?: string) {
    this.root = root ?? mkdtempSync(join(tmpdir(), 'uploads-blobs-'));
  }
  #path(key: string): string {
    if (!/^[A-Za-z0-9._/-]+$/.test(key) || key.includes('..')) throw new Error(`bad key ${key}`);
    return join(this.root, key);
  }
  async put(key: string, body: Uint8Array | ReadableStream<Uint8Array>): Promise<{ size: number }> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.part`;
    const file = Bun.file(tmp).writer();
    let size = 0;
    if (body instanceof Uint8Array) {
      file.write(body);
      size = body.length;
    } else {
      for await (const chunk of chunksOf(body)) {
        file.write(chunk);
        size += chunk.length;
      }
    }
    await file.end();
    await Bun.write(path, Bun.file(tmp));
    await rm(tmp);
    return { size };
  }
  async get(key: string): Promise<ReadableStream<Uint8Array> | null> {
    const f = Bun.file(this.#path(key));
    return (await f.exists()) ? (f.stream() as ReadableStream<Uint8Array>) : null;
  }
  async getBytes(key: string): Promise<Uint8Array | null> {
    try {
      return new Uint8Array(await readFile(this.#path(key)));
    } catch {
      return null;
    }
  }
  async stat(key: string): Promise<{ size: number } | null> {
    try {
      return { size: (await stat(this.#path(key))).size };
    } catch {
      return null;
    }
  }
  async delete(key: string): Promise<void> {
    await rm(this.#path(key), { force: true });
  }
  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.#path(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }
  /** Every key under the store (tests check nothing is left behind). */
  async keys(prefix = ''): Promise<string[]> {
    const out: string[] = [];
    const walk = async (dir: string, rel: string) => {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (e.isDirectory()) await walk(join(dir, e.name), `${rel}${e.name}/`);
        else out.push(`${rel}${e.name}`);
      }
    };
    await walk(join(this.root, prefix), prefix);
    return out.sort();
  }
  async putFile(key: string, bytes: Uint8Array): Promise<void> {
    await mkdir(dirname(this.#path(key)), { recursive: true });
    await writeFile(this.#path(key), bytes);
  }
  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

export const scoring = () => loadScoringFromDisk();
