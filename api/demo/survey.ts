// Seeded generator of realistic survey exports with planted careless respondents (speeders,
// straightliners, pattern answerers, random answerers, gibberish and copied open answers). It feeds
// the demo datafiles of the seed, the fixtures and the upload benchmark through the same writers.
import type { Cell, ColumnMapping, DataPoint } from '../ingest';

export type RespondentKind = 'careful' | 'speeder' | 'straightliner' | 'pattern' | 'random' | 'gibberish' | 'copier';

export interface DemoSurveyOptions {
  rows: number;
  seed?: number;
  /** Grids of `gridItems` items on a 1-5 scale (default 2 x 10). */
  grids?: number;
  gridItems?: number;
  /** Page durations besides the total (default 4: 5 duration columns). */
  pages?: number;
  /** Open-ended questions (default 3). */
  openQuestions?: number;
  /** Binary projective questions: vote + 2 prediction columns each (default 2). */
  projectiveQuestions?: number;
  /** Pad with ignored columns (demographics, metadata) up to this many columns (default 50). */
  totalColumns?: number;
  /** German question texts and answers instead of English. */
  language?: 'en' | 'de';
}

export interface DemoSurvey {
  header: string[];
  /** Question texts of the columns that have one (Qualtrics' second header row, SPSS labels). */
  labels: string[];
  /** Row i of the survey (0-based), generated on demand: a million rows never sit in memory. */
  row(i: number): Cell[];
  rows: number;
  kinds: RespondentKind[];
  /** The mapping a user would confirm in step 2. */
  mapping: ColumnMapping;
}

/** mulberry32: small, fast and seedable. */
export function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXT = {
  en: {
    questions: [
      'What did you like about your last vacation?',
      'What would you do again on your next trip?',
      'What should the travel agency improve?',
    ],
    keywords: ['beach', 'hotel', 'food', 'weather', 'trip', 'travel', 'staff', 'room'],
    adjectives: [
      'quiet',
      'friendly',
      'sunny',
      'clean',
      'spacious',
      'relaxing',
      'beautiful',
      'cosy',
      'lively',
      'historic',
    ],
    nouns: ['beach', 'hotel', 'food', 'weather', 'old town', 'harbour', 'pool', 'restaurants', 'mountains', 'museum'],
    places: [
      'Crete',
      'Lisbon',
      'the Dolomites',
      'Provence',
      'Mallorca',
      'Vienna',
      'the Algarve',
      'Tuscany',
      'Bavaria',
      'Sicily',
    ],
    activities: [
      'hiking every morning',
      'swimming with the kids',
      'long dinners outside',
      'cycling along the coast',
      'visiting small villages',
      'reading by the water',
      'the boat trip',
      'trying local wine',
    ],
    extras: [
      'the staff remembered our names',
      'the children made new friends',
      'we finally had time to read',
      'the sunsets were unforgettable',
      'it never rained once',
      'prices were fair',
      'the local market was a highlight',
      'our room had a balcony',
      'the trains were punctual',
      'we met lovely people',
    ],
    ring: 'Great product, fast delivery and friendly service, would recommend to everyone',
    short: ['good', 'ok', 'nothing', "don't know", 'idk'],
    templates: [
      (d: number, p: string, a: string, n: string, act: string, x: string) =>
        `${d} days in ${p}: the ${a} ${n}, ${act}, and ${x}`,
      (_d: number, _p: string, a: string, n: string, act: string, x: string) =>
        `Again ${act} near the ${a} ${n}, because ${x}`,
      (_d: number, p: string, a: string, n: string, _act: string, x: string) =>
        `Better information about the ${n} in ${p}; otherwise ${x} and the hotel was ${a}`,
    ],
  },
  de: {
    questions: [
      'Was hat Ihnen an Ihrem letzten Urlaub gefallen?',
      'Was würden Sie bei der nächsten Reise wieder tun?',
      'Was sollte das Reisebüro verbessern?',
    ],
    keywords: ['strand', 'hotel', 'essen', 'wetter', 'reise', 'urlaub', 'personal', 'zimmer'],
    adjectives: [
      'ruhige',
      'freundliche',
      'sonnige',
      'saubere',
      'geräumige',
      'erholsame',
      'schöne',
      'gemütliche',
      'lebhafte',
      'historische',
    ],
    nouns: ['Strand', 'Hotel', 'Essen', 'Altstadt', 'Hafen', 'Pool', 'Landschaft', 'Berge', 'Museum', 'Umgebung'],
    places: [
      'Kreta',
      'Lissabon',
      'den Dolomiten',
      'der Provence',
      'Mallorca',
      'Wien',
      'der Algarve',
      'der Toskana',
      'Bayern',
      'Sizilien',
    ],
    activities: [
      'jeden Morgen wandern',
      'mit den Kindern schwimmen',
      'lange Abendessen im Freien',
      'Radfahren an der Küste',
      'kleine Dörfer besuchen',
      'am Wasser lesen',
      'die Bootsfahrt',
      'regionalen Wein probieren',
    ],
    extras: [
      'das Personal kannte unsere Namen',
      'die Kinder fanden neue Freunde',
      'wir hatten endlich Zeit zum Lesen',
      'die Sonnenuntergänge waren unvergesslich',
      'es hat nie geregnet',
      'die Preise waren fair',
      'der Markt war ein Höhepunkt',
      'unser Zimmer hatte einen Balkon',
      'die Züge waren pünktlich',
      'wir haben nette Leute getroffen',
    ],
    ring: 'Tolles Produkt, schnelle Lieferung und freundlicher Service, absolut empfehlenswert für alle',
    short: ['gut', 'ok', 'nichts', 'weiß nicht', 'keine ahnung'],
    templates: [
      (d: number, p: string, a: string, n: string, act: string, x: string) =>
        `${d} Tage in ${p}: die ${a} ${n}, ${act}, und ${x}`,
      (_d: number, _p: string, a: string, n: string, act: string, x: string) =>
        `Wieder ${act} bei der ${a} ${n}, weil ${x}`,
      (_d: number, p: string, a: string, n: string, _act: string, x: string) =>
        `Bessere Informationen über ${n} in ${p}; sonst ${x} und das Hotel war ${a}`,
    ],
  },
} as const;

// Real answers name particular things (a hotel, a guide, a dish): syllable names give every answer
// rare character trigrams, as real text has, instead of a few templates shared by thousands.
const ONSETS = [
  'b',
  'br',
  'c',
  'ch',
  'd',
  'dr',
  'f',
  'fl',
  'g',
  'gr',
  'h',
  'j',
  'k',
  'kl',
  'l',
  'm',
  'n',
  'p',
  'pl',
  'qu',
  'r',
  's',
  'sch',
  'sp',
  'st',
  't',
  'tr',
  'v',
  'w',
  'z',
];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'ä', 'ö', 'ü', 'ei', 'au', 'ie', 'ou', 'y'];
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 'm', 'nd', 'rt', 'x', 'ck'];
function nameFrom(r: () => number): string {
  let s = '';
  const n = 2 + Math.floor(r() * 2);
  for (let k = 0; k < n; k++) {
    s +=
      ONSETS[Math.floor(r() * ONSETS.length)]! +
      NUCLEI[Math.floor(r() * NUCLEI.length)]! +
      CODAS[Math.floor(r() * CODAS.length)]!;
  }
  return s[0]!.toUpperCase() + s.slice(1);
}
const NAMED = {
  en: ['at the Casa', 'with our guide', 'the dish called', 'in the village of', 'at the beach bar'],
  de: ['in der Casa', 'mit unserem Führer', 'das Gericht namens', 'im Dorf', 'an der Strandbar'],
} as const;

const MASH = [
  'asdfghjk',
  'qwertzu',
  'sdfsdfsdf',
  'xcvbnm',
  'hjklhjkl',
  'jkjkjkjk',
  'fghfghfgh',
  'poiuztr',
  'mnbvcx',
  'dfgdfgdfg',
];
const IGNORED = [
  'gender',
  'age',
  'region',
  'device',
  'browser',
  'panel_source',
  'wave',
  'income',
  'education',
  'household',
  'employment',
  'children',
  'car',
  'pet',
  'newsletter',
  'consent',
  'lang',
  'weight',
  'quota_cell',
  'status',
];
const REGIONS = ['Nord', 'Süd', 'Ost', 'West', 'Mitte'];
const DEVICES = ['desktop', 'mobile', 'tablet'];

function kindOf(u: number): RespondentKind {
  return u < 0.7
    ? 'careful'
    : u < 0.76
      ? 'speeder'
      : u < 0.82
        ? 'straightliner'
        : u < 0.87
          ? 'pattern'
          : u < 0.93
            ? 'random'
            : u < 0.97
              ? 'gibberish'
              : 'copier';
}

export function generateDemoSurvey(options: DemoSurveyOptions): DemoSurvey {
  const o = {
    seed: 1,
    grids: 2,
    gridItems: 10,
    pages: 4,
    openQuestions: 3,
    projectiveQuestions: 2,
    totalColumns: 50,
    language: 'en' as const,
    ...options,
  };
  const t = TEXT[o.language];
  const header: string[] = ['respid'];
  const labels: string[] = ['Respondent ID'];
  const dataPoints: DataPoint[] = [{ type: 'RECORD_ID', column: 'respid' }];
  header.push('duration_total');
  labels.push('Interview duration (seconds)');
  dataPoints.push({ type: 'DURATION', column: 'duration_total', role: 'TOTAL', unit: 's' });
  for (let p = 1; p <= o.pages; p++) {
    header.push(`time_page${p}`);
    labels.push(`Time on page ${p} (seconds)`);
    dataPoints.push({ type: 'DURATION', column: `time_page${p}`, role: 'PAGE', unit: 's', pageNumber: p });
  }
  for (let g = 1; g <= o.grids; g++) {
    const items: string[] = [];
    for (let j = 1; j <= o.gridItems; j++) {
      items.push(`Q${g}_${j}`);
      labels.push(`Grid ${g}: statement ${j} (1 = disagree, 5 = agree)`);
    }
    header.push(...items);
    dataPoints.push({ type: 'ITEM_BATTERY', id: `grid${g}`, title: `Grid ${g}`, items, min: 1, max: 5 });
  }
  for (let q = 1; q <= o.openQuestions; q++) {
    header.push(`open${q}`);
    labels.push(t.questions[(q - 1) % t.questions.length]!);
    dataPoints.push({
      type: 'OPEN_ENDED',
      column: `open${q}`,
      questionTitle: t.questions[(q - 1) % t.questions.length]!,
      keywords: [...t.keywords],
      languages: [o.language],
      duplicateCheck: true,
    });
  }
  for (let q = 1; q <= o.projectiveQuestions; q++) {
    header.push(`proj${q}_vote`, `proj${q}_pred_yes`, `proj${q}_pred_no`);
    labels.push(
      `Projective ${q}: own choice (1 yes, 2 no)`,
      `Projective ${q}: % of others choosing yes`,
      `Projective ${q}: % of others choosing no`,
    );
    dataPoints.push({
      type: 'PROJECTIVE',
      id: `proj${q}`,
      vote: `proj${q}_vote`,
      predictions: [`proj${q}_pred_yes`, `proj${q}_pred_no`],
      algorithms: ['PS', 'CS', 'IS'],
    });
  }
  let extra = 0;
  while (header.length < o.totalColumns) {
    const base = IGNORED[extra % IGNORED.length]!;
    const name = extra < IGNORED.length ? base : `${base}_${Math.floor(extra / IGNORED.length) + 1}`;
    header.push(name);
    labels.push(name);
    if (base === 'region') dataPoints.push({ type: 'GROUPING', column: name });
    extra++;
  }
  const nIgnored = extra;

  // Kinds are drawn once (cheap); each row is regenerated from its own seed so any row can be asked for.
  const kr = rng(o.seed);
  const kinds: RespondentKind[] = Array.from({ length: o.rows }, () => kindOf(kr()));

  const row = (i: number): Cell[] => {
    const r = rng((o.seed * 1_000_003 + i * 7919) | 0);
    const pick = <T>(a: readonly T[]) => a[Math.floor(r() * a.length)]!;
    const normal = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
    const kind = kinds[i]!;
    const cells: Cell[] = [`R${String(i + 1).padStart(7, '0')}`];
    const speed =
      kind === 'speeder'
        ? 0.15 + 0.1 * r()
        : kind === 'random'
          ? 0.2 + 0.2 * r()
          : kind === 'careful'
            ? Math.exp(0.25 * normal())
            : 0.55 + 0.5 * r();
    cells.push(Math.round(900 * speed));
    for (let p = 1; p <= o.pages; p++)
      cells.push(r() < 0.03 ? -999 : Math.round((10 * 200 * speed * Math.exp(0.2 * normal())) / o.pages) / 10);
    for (let g = 0; g < o.grids; g++) {
      const level = 1 + Math.floor(r() * 5);
      const alternate = r() < 0.5;
      // Careful answers follow the respondent's attitude (one trait per battery; every third item is
      // worded the other way round), as real batteries do: what the consistency score
      // tells random clicking apart from.
      // Its own stream, so the answers drawn after the grids (open answers) stay those of earlier seeds.
      const tr = rng((o.seed * 1_000_033 + i * 104_729 + g * 7_919) | 0);
      const trait = Math.sqrt(-2 * Math.log(1 - tr())) * Math.cos(2 * Math.PI * tr());
      for (let j = 0; j < o.gridItems; j++) {
        let v: number;
        if (kind === 'straightliner') v = level;
        else if (kind === 'pattern') v = alternate ? 1 + (j % 2) * 2 : 1 + (j % 5);
        else if (kind === 'random') v = 1 + Math.floor(r() * 5);
        else v = Math.min(5, Math.max(1, Math.round(3 + (j % 3 === 2 ? -1 : 1) * 1.1 * trait + 0.7 * normal())));
        cells.push(r() < 0.02 ? -999 : v);
      }
    }
    for (let q = 0; q < o.openQuestions; q++) {
      let text: string | null;
      if (kind === 'gibberish') text = `${pick(MASH)} ${pick(MASH)}`;
      else if (kind === 'copier') text = t.ring;
      else if (r() < 0.08) text = null;
      else if (r() < 0.05) text = pick(t.short);
      else {
        // Lengths as open answers have them: mostly a phrase, sometimes a sentence, now and then more.
        const u = r();
        // Every answer names something particular (a village, a dish, a guide): real text has that long tail.
        text =
          u < 0.5
            ? `${pick(t.adjectives)} ${pick(t.nouns)} ${pick(NAMED[o.language])} ${nameFrom(r)}`
            : u < 0.85
              ? `${pick(t.activities)} in ${pick(t.places)} ${pick(NAMED[o.language])} ${nameFrom(r)}`
              : `${t.templates[q % t.templates.length]!(2 + Math.floor(r() * 19), pick(t.places), pick(t.adjectives), pick(t.nouns), pick(t.activities), pick(t.extras))} (${pick(NAMED[o.language])} ${nameFrom(r)} ${nameFrom(r)})`;
      }
      cells.push(text);
    }
    for (let q = 0; q < o.projectiveQuestions; q++) {
      const yes = r() < 0.6;
      const y =
        kind === 'random' || kind === 'speeder'
          ? Math.round(r() * 100)
          : Math.round(Math.min(95, Math.max(5, 60 + (yes ? 8 : -8) + 8 * normal())));
      cells.push(yes ? 1 : 2, y, 100 - y);
    }
    for (let e = 0; e < nIgnored; e++) {
      const base = IGNORED[e % IGNORED.length]!;
      cells.push(
        base === 'gender'
          ? pick([1, 2, 3])
          : base === 'age'
            ? 18 + Math.floor(r() * 60)
            : base === 'region'
              ? pick(REGIONS)
              : base === 'device'
                ? pick(DEVICES)
                : base === 'weight'
                  ? Math.round((0.5 + r()) * 1000) / 1000
                  : Math.floor(r() * 5),
      );
    }
    return cells;
  };
  return { header, labels, row, rows: o.rows, kinds, mapping: { dataPoints } };
}
