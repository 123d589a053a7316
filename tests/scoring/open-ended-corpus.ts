// Seeded open-ended workloads at upload scale, shared by `npm run bench:oes` (100,000 interviews) and
// the differential test of the classifier (a few thousand, against outputs recorded from main):
//
// * `repeatedAnswersSurvey`: three questions whose answers repeat the way real survey answers do.
//   Per question: 6 % empty (skipped or left blank); 30 % stock short answers ("nichts", "keine
//   Ahnung", "gut", "der Preis") drawn from a pool of about 90 by Zipf's law (s = 1), written with the
//   spellings people type (capital first letter, a full stop, an exclamation mark), so the most common
//   one repeats about 5,000 times in 100,000 interviews and the rarest a few dozen times; 3 % copies of
//   12 long texts (copy-paste rings, bots: about 250 copies each, the only repeats long enough for the
//   duplicate-respondent rule); 2 % near-copies of those (one typo); 59 % a long tail of own answers
//   from the labelled set's words (nearly all unique). Assumptions, not a published measurement: item
//   non-response of open questions is commonly 5-15 %; stock answers make up a quarter to a third of
//   the answers to like/dislike questions, and answer frequencies in open questions follow a Zipf
//   law; the 3 % of copiers match the demo survey's share (api/demo).
// * `oneAnswerSurvey`: the worst case for duplicates: every interview gives the same long answer.
// * `demoOpenQuestions`: the open questions of `generateDemoSurvey`, which the upload bench uploads.
import type { OpenQuestion } from '../../scoring/index.ts';
import { generateDemoSurvey } from '../../api/demo/survey.ts';
import { corpusSurveys, loadLabelledSet, surveyQuestions, type LabelledSurvey } from './open-ended-labelled.ts';

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STOCK = {
  de: [
    'nichts',
    'keine ahnung',
    'gut',
    'alles gut',
    'nein',
    'weiß nicht',
    'der preis',
    'super',
    'nix',
    'ok',
    'passt',
    'alles',
    'nichts besonderes',
    'keine',
    'qualität',
    'preis',
    'die preise',
    'das essen',
    'das wetter',
    'der strand',
    'freundlichkeit',
    'die ruhe',
    'sauberkeit',
    'service',
    'alles super',
    'weiss nicht',
    'k.a.',
    '-',
    '...',
    'keine angabe',
    'zu teuer',
    'ja',
    'die lage',
    'das personal',
    'die landschaft',
    'wartezeit',
    'nichts stört mich',
    'eigentlich nichts',
    'war schön',
    'toll',
    'schön',
    'passt schon',
    'alles okay',
    'geht so',
    'nichts weiter',
    'mir fällt nichts ein',
    'keine meinung',
    'nö',
    'gute beratung',
    'lange schlangen',
    'zu voll',
    'das hotel',
    'die kinder',
    'familie',
    'erholung',
    'entspannung',
    'das meer',
    'die berge',
    'empfehlung',
    'gewohnheit',
    'nähe',
    'günstig',
    'bequem',
    'schnell',
    'weiß ich nicht',
    'kein kommentar',
    'egal',
    'na ja',
    'ganz gut',
    'sehr gut',
    'nicht viel',
    'das übliche',
    'preis-leistung',
    'auswahl',
    'parkplatz',
    'kasse',
    'öffnungszeiten',
  ],
  en: [
    'nothing',
    "don't know",
    'good',
    'ok',
    'no',
    'idk',
    'price',
    'the price',
    'fine',
    'great',
    'nothing really',
    'n/a',
    'none',
    'quality',
    'camera',
    'battery',
    'the camera',
    'battery life',
    'brand',
    'apple',
    'samsung',
    'not sure',
    'no idea',
    'everything',
    'all good',
    'cheap',
    'too expensive',
    'easy to use',
    'nice',
    'the shows',
    'movies',
    'the app',
    'convenience',
    'habit',
    'recommendation',
    'the design',
    'size',
    'speed',
    'the screen',
    'nothing in particular',
    'no comment',
    '-',
    '...',
    'yes',
    'cool',
    'the usual',
    'not much',
    'very good',
    'pretty good',
    'customer service',
    'reliability',
    'family',
    'friends',
    'work',
    'weather',
    'the beach',
    'the food',
    'the hotel',
    'location',
    'staff',
  ],
} as const;

const RINGS = {
  de: [
    'Tolles Produkt, schnelle Lieferung und freundlicher Service, absolut empfehlenswert für alle',
    'Ich bin mit allem sehr zufrieden und würde es jederzeit wieder so machen',
    'Die Qualität stimmt, der Preis ist fair und die Beratung war wirklich gut',
    'Super Umfrage, danke dass ich teilnehmen durfte, gerne wieder',
    'Das Hotel war sauber, das Essen lecker und der Strand nicht weit entfernt',
    'Schnelle Abwicklung ohne Probleme, alles hat perfekt funktioniert',
    'Ich habe keine Beschwerden, alles war so wie es beschrieben wurde',
    'Gutes Preis-Leistungs-Verhältnis und sehr nettes Personal vor Ort',
    'Die Lage war ideal für Ausflüge in die Umgebung und ans Meer',
    'Wir kommen bestimmt wieder, es war ein wunderschöner Aufenthalt',
    'Am besten hat mir die Ruhe und die schöne Landschaft gefallen',
    'Lange Wartezeiten an der Kasse und zu wenig geöffnete Kassen',
  ],
  en: [
    'Great product, fast delivery and friendly service, would recommend to everyone',
    'I am very satisfied with everything and would do it again any time',
    'The quality is right, the price is fair and the advice was really good',
    'Great survey, thanks for letting me take part, happy to do it again',
    'The hotel was clean, the food was tasty and the beach was not far away',
    'Quick handling without any problems, everything worked perfectly',
    'I have no complaints, everything was exactly as it was described',
    'Good value for money and very friendly staff on site the whole time',
    'The location was ideal for trips into the area and to the sea',
    'We will definitely come back, it was a wonderful stay for all of us',
    'What I liked most was the quiet and the beautiful landscape around',
    'Long waiting times at the checkout and too few open checkouts',
  ],
} as const;

const LETTERS = 'abcdefghijklmnopqrstuvwxyzäöüß';

function typo(w: string, rand: () => number): string {
  const i = 1 + Math.floor(rand() * Math.max(1, w.length - 2));
  const u = rand();
  return u < 0.33
    ? w.slice(0, i) + w.slice(i + 1)
    : u < 0.66
      ? w.slice(0, i) + w[i] + w.slice(i)
      : w.slice(0, i) + LETTERS[Math.floor(rand() * LETTERS.length)] + w.slice(i + 1);
}

/** The way people type a stock answer: as listed, with a capital, a full stop or an exclamation mark. */
function spelled(a: string, rand: () => number): string {
  const u = rand();
  if (u < 0.55) return a;
  if (u < 0.85) return a[0]!.toUpperCase() + a.slice(1);
  if (u < 0.95) return `${a}.`;
  return `${a[0]!.toUpperCase()}${a.slice(1)}!`;
}

/** Zipf (s = 1) sampler over ranks 0..size-1. */
function zipf(size: number, rand: () => number): () => number {
  const cum: number[] = [];
  let total = 0;
  for (let r = 1; r <= size; r++) cum.push((total += 1 / r));
  return () => {
    const u = rand() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function ownWords(surveys: readonly LabelledSurvey[]): string[] {
  const words: string[] = [];
  for (const s of surveys) {
    s.labels.forEach((labels, qi) =>
      labels.forEach((label, i) => {
        if (label === 1 || label === 10) words.push(...s.answers[qi]![i]!.split(/\s+/).filter(Boolean));
      }),
    );
  }
  return words;
}

/**
 * `questions` open questions x n interviews configured like the labelled survey `urlaub-de` or
 * `phones-en` (three questions: the survey's two and its first again), with repeated answers as the
 * header comment describes.
 */
export function repeatedAnswersSurvey(n: number, seed: number, language: 'de' | 'en' = 'de'): OpenQuestion[] {
  const set = corpusSurveys();
  const base = set.find((s) => s.id === (language === 'de' ? 'urlaub-de' : 'phones-en'))!;
  const words = ownWords(set.filter((s) => s.questions[0]!.languages[0] === language));
  const rand = rng(seed);
  const stock = STOCK[language];
  const rings = RINGS[language];
  const rank = zipf(stock.length, rand);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const configs = surveyQuestions(base);
  return [configs[0]!, configs[1]!, { ...configs[0]!, text: `${configs[0]!.text} Und was noch?` }].map((q) => {
    const answers: (string | null)[] = [];
    for (let i = 0; i < n; i++) {
      const u = rand();
      if (u < 0.06) answers.push(rand() < 0.5 ? null : '');
      else if (u < 0.36) answers.push(spelled(stock[rank()]!, rand));
      else if (u < 0.39) answers.push(pick(rings));
      else if (u < 0.41) {
        const ring = pick(rings).split(' ');
        const at = Math.floor(rand() * ring.length);
        ring[at] = typo(ring[at]!, rand);
        answers.push(ring.join(' '));
      } else {
        const v = rand();
        const k =
          v < 0.25
            ? 1 + Math.floor(rand() * 2)
            : v < 0.7
              ? 3 + Math.floor(rand() * 8)
              : v < 0.95
                ? 11 + Math.floor(rand() * 15)
                : 26 + Math.floor(rand() * 35);
        const parts: string[] = [];
        for (let w = 0; w < k; w++) {
          const word = pick(words);
          parts.push((word.length >= 4 && rand() < 0.25 ? typo(word, rand) : word) + (rand() < 0.08 ? ',' : ''));
        }
        answers.push(parts.join(' ') + (rand() < 0.3 ? '.' : ''));
      }
    }
    const { paradata: _paradata, ...config } = q;
    return { ...config, answers };
  });
}

/** The worst case for duplicates: `questions` questions, every one of the n interviews answering `text`. */
export function oneAnswerSurvey(n: number, questions = 3, language: 'de' | 'en' = 'de'): OpenQuestion[] {
  const base = loadLabelledSet().find((s) => s.id === (language === 'de' ? 'urlaub-de' : 'phones-en'))!;
  const config = surveyQuestions(base)[0]!;
  const { paradata: _paradata, ...rest } = config;
  return Array.from({ length: questions }, (_, q) => ({
    ...rest,
    text: `${rest.text} (${q + 1})`,
    answers: new Array<string>(n).fill(RINGS[language][0]),
  }));
}

/** The open questions of the demo survey exactly as the upload job hands them to the classifier. */
export function demoOpenQuestions(rows: number, seed = 5, language: 'de' | 'en' = 'en'): OpenQuestion[] {
  const survey = generateDemoSurvey({ rows, seed, language });
  const open = survey.mapping.dataPoints.flatMap((d) => (d.type === 'OPEN_ENDED' ? [d] : []));
  const columns = open.map((d) => survey.header.indexOf(d.column));
  const answers = open.map(() => new Array<string | null>(rows));
  for (let i = 0; i < rows; i++) {
    const row = survey.row(i);
    columns.forEach((c, k) => {
      const cell = row[c];
      answers[k]![i] = cell == null ? null : String(cell);
    });
  }
  return open.map((d, k) => ({
    text: d.questionTitle,
    keywords: d.keywords ?? [],
    allowedLanguages: d.languages ?? [],
    duplicateDetection: d.duplicateCheck !== false,
    answers: answers[k]!,
  }));
}
