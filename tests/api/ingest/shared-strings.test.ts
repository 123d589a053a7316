// The shared strings of an xlsx: the positional reader gives exactly what the patterns give, for
// plain entries, rich text, phonetic runs, empty and unclosed entries, entities and prefixed parts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCentralDirectory } from '../../../api/ingest/parse/zip';
import { entryText, readSharedStrings, sharedStringsByPattern } from '../../../api/ingest/parse/xlsx-parts';
import { DEFAULT_LIMITS } from '../../../api/ingest/limits';

const sst = (body: string, prefix = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<${prefix}sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="9" uniqueCount="9">${body}</${prefix}sst>`;

const ENTRIES = [
  '<si><t>plain</t></si>',
  '<si><t xml:space="preserve">  spaced  </t></si>',
  '<si><t>a &amp; b &lt;c&gt; &#x263A; &#65; _x000D_ line</t></si>',
  '<si><r><rPr><b/></rPr><t>bold</t></r><r><t xml:space="preserve"> and plain</t></r></si>',
  '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>',
  '<si/>',
  '<si><t/></si>',
  '<si></si>',
  '<si count="1"><t>attribute on the entry</t></si>',
  '<si>\n  <t>indented</t>\n</si>',
  '<si><t><![CDATA[raw <text>]]></t></si>',
  '<sib><t>not an entry</t></sib>',
  '<si><t>unclosed</t><si><t>joined with the next</t></si>',
];

describe('readSharedStrings', () => {
  it('reads every kind of entry as the patterns do', () => {
    const xml = sst(ENTRIES.join(''));
    const got = readSharedStrings(xml, DEFAULT_LIMITS);
    expect(got).toEqual(sharedStringsByPattern(xml, DEFAULT_LIMITS));
    expect(got.slice(0, 6)).toEqual(['plain', '  spaced  ', 'a & b <c> ☺ A \r line', 'bold and plain', '東京', '']);
    for (const entry of ENTRIES) {
      const one = sst(entry);
      expect(readSharedStrings(one, DEFAULT_LIMITS), entry).toEqual(sharedStringsByPattern(one, DEFAULT_LIMITS));
    }
  });

  it('reads a prefixed part and cuts long entries as the patterns do', () => {
    const prefixed = sst('<x:si><x:t>prefixed</x:t></x:si>', 'x:');
    expect(readSharedStrings(prefixed, DEFAULT_LIMITS)).toEqual(['prefixed']);
    const limits = { ...DEFAULT_LIMITS, maxCellChars: 5 };
    const long = sst('<si><t>0123456789</t></si><si><r><t>01234</t></r><r><t>56789</t></r></si>');
    expect(readSharedStrings(long, limits)).toEqual(['012345', '012345']);
    expect(readSharedStrings(long, limits)).toEqual(sharedStringsByPattern(long, limits));
  });

  it('reads the shared strings of real files as the patterns do', () => {
    for (const file of [
      '../../fixtures/uploads/survey.xlsx',
      '../../fixtures/real-files/fivethirtyeight_reluctant_trump_march_2017_crosstab.xlsx',
      '../../fixtures/real-files/readxl_deaths_title_footnotes.xlsx',
    ]) {
      const bytes = new Uint8Array(readFileSync(new URL(file, import.meta.url)));
      const xml = entryText(bytes, readCentralDirectory(bytes, DEFAULT_LIMITS), 'xl/sharedStrings.xml', DEFAULT_LIMITS);
      expect(xml, file).toBeDefined();
      const got = readSharedStrings(xml, DEFAULT_LIMITS);
      expect(got.length, file).toBeGreaterThan(10);
      expect(got, file).toEqual(sharedStringsByPattern(xml!, DEFAULT_LIMITS));
    }
  });
});
