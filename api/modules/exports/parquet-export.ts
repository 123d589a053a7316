// Parquet for scripts: the same Arrow table as the Arrow export, written by parquet-wasm (the
// Apache Arrow project's Rust Parquet writer compiled to WASM; MIT or Apache-2.0). Arrow's schema
// with the field labels travels in the file's metadata, so pandas, R's arrow and DuckDB read the
// same names and types. Snappy, which every Parquet reader decompresses without an add-on.
import { tableToIPC, type Table } from 'apache-arrow';

/** No registered media type yet; the one Apache Parquet's own documentation proposes. */
export const PARQUET_CONTENT_TYPE = 'application/vnd.apache.parquet';

type ParquetWasm = typeof import('parquet-wasm');
let loaded: Promise<ParquetWasm> | undefined;

/** The WASM module (about 5 MB) is compiled on the first Parquet request, not at every start. */
const parquetWasm = () => (loaded ??= import('parquet-wasm'));

export async function parquetOfTable(table: Table): Promise<Uint8Array> {
  const { Compression, Table: WasmTable, WriterPropertiesBuilder, writeParquet } = await parquetWasm();
  const wasmTable = WasmTable.fromIPCStream(tableToIPC(table, 'stream'));
  const properties = new WriterPropertiesBuilder().setCompression(Compression.SNAPPY).build();
  return writeParquet(wasmTable, properties);
}
