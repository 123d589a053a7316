// Reads a Triple-S 2.0 zip with Python's zipfile and xml.etree (independent of the project's writer),
// for the tests of the Triple-S export and of the scores route.
import { spawnSync } from 'node:child_process';

type Variable = {
  name: string;
  type: string;
  label: string;
  start: number;
  finish: number;
  range: [string, string] | null;
  codes: Record<string, string>;
};
export type TripleS = {
  version: string;
  title: string;
  files: string[];
  variables: Variable[];
  rows: Record<string, string>[];
};

// Reads a Triple-S 2.0 zip the way an importer does: XML for the layout, then each line cut at the
// variable's 1-based character positions; an empty field is missing (None -> null).
const READER = `
import io, json, sys, zipfile, xml.etree.ElementTree as ET
z = zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read()))
names = z.namelist()
sss = ET.fromstring(z.read([n for n in names if n.endswith('.sss')][0]))
data = z.read([n for n in names if n.endswith('.asc')][0]).decode('utf-8')
variables = []
for v in sss.iter('variable'):
    pos = v.find('position')
    rng = v.find('values/range')
    variables.append({
        'name': v.findtext('name'), 'type': v.get('type'), 'label': v.findtext('label') or '',
        'start': int(pos.get('start')), 'finish': int(pos.get('finish')),
        'range': [rng.get('from'), rng.get('to')] if rng is not None else None,
        'codes': {c.get('code'): c.text or '' for c in v.findall('values/value')},
    })
rows = []
for line in data.splitlines():
    row = {}
    for v in variables:
        field = line[v['start'] - 1:v['finish']]
        row[v['name']] = field.strip() if field.strip() != '' else None
    rows.append(row)
print(json.dumps({'version': sss.get('version'), 'title': sss.findtext('survey/title'), 'files': names,
                  'variables': variables, 'rows': rows}))
`;

export function readTripleS(bytes: Uint8Array): TripleS {
  const r = spawnSync('python3', ['-c', READER], { input: bytes, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`python3 could not read the Triple-S zip: ${r.stderr.toString()}`);
  return JSON.parse(r.stdout.toString()) as TripleS;
}
