// One rule for titles (api/lib/validation.ts requireTitle), used by every mutation that sets one: a
// rename could store NUL, control characters and markup that the upload step refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, createTestApp, type TestApp } from '../../support/test-app';
import { datafilesWorld, rowOf, type DatafilesWorld } from '../../support/datafiles-world';

const RENAME = 'mutation($id:ID!,$t:String!){editDatafileTitle(datafileId:$id,datafileTitle:$t){status}}';
const LIVE = 'mutation($i:LiveDatafileInput!){createLiveDatafile(input:$i){datafileId}}';
const NOTE = 'mutation($n:NotificationInput!){createNotification(notification:$n){title}}';

const REFUSED = [
  'Survey\u0000 2026',
  'Survey \u0007 bell',
  'Survey \u001b[31m red',
  'Survey \u0085 next line',
  'Survey \u202e fdp.exe',
  '<b>Survey</b>',
  'Survey \ud800 half',
];

let t: TestApp;
let w: DatafilesWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await datafilesWorld(t);
});
afterAll(() => t.close());

describe('titles', () => {
  it('refuses control characters, bidi overrides, lone surrogates and markup in a rename, and keeps the old title', async () => {
    const id = await w.file({ ownerId: w.admin.id, title: 'Old name' });
    for (const title of REFUSED) {
      const res = await t.gql(RENAME, { id, t: title }, { token: w.tokens.admin });
      expect(codeOf(res), JSON.stringify(title)).toBe('INVALID_PARAMETERS:INVALID_CHARACTERS');
    }
    expect((await rowOf(t, id)).title).toBe('Old name');
  });

  it('refuses the same in a live datafile’s name and a notification’s title', async () => {
    for (const title of REFUSED) {
      const live = await t.gql(
        LIVE,
        {
          i: {
            name: title,
            surveySoftware: 'OTHER',
            pages: [{ label: 'Q1', start: true, criterion: 'TS', questionTitle: 'Q' }],
          },
        },
        { token: w.tokens.admin },
      );
      expect(codeOf(live), JSON.stringify(title)).toBe('INVALID_PARAMETERS:INVALID_CHARACTERS');
      const note = await t.gql(NOTE, { n: { title, description: 'x' } }, { token: w.tokens.admin });
      expect(codeOf(note), JSON.stringify(title)).toBe('INVALID_PARAMETERS:INVALID_CHARACTERS');
    }
  });

  it('welcomes any other text: punctuation, every script, line breaks made one space', async () => {
    const id = await w.file({ ownerId: w.admin.id, title: 'Old name' });
    const res = await t.gql(
      RENAME,
      { id, t: ' Welle #3: "Zufriedenheit" – 東京 & Co.?\n(final) ' },
      { token: w.tokens.admin },
    );
    expect(res.body.data.editDatafileTitle.status).toBe('SUCCESS');
    expect((await rowOf(t, id)).title).toBe('Welle #3: "Zufriedenheit" – 東京 & Co.? (final)');
    const note = await t.gql(
      NOTE,
      { n: { title: 'Check file #3: done?', description: 'x' } },
      { token: w.tokens.admin },
    );
    expect(note.body.data.createNotification.title).toBe('Check file #3: done?');
  });
});
