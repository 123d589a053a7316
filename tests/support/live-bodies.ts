// The live import's request bodies and GraphQL documents, free of the app: the API tests' live world
// and the browser tests (which must not load the server's modules) build their live datafiles from them.

export const PAGES = [
  {
    label: 'Q1',
    start: true,
    criterion: 'OES',
    questionTitle: 'Was hat Ihnen beim letzten Einkauf gefallen?',
    contextCheck: false,
    duplicateCheck: true,
    copyPasteCheck: true,
    keywords: ['Einkauf'],
    languages: ['de'],
  },
  {
    label: 'Grid1',
    start: false,
    criterion: 'IBS',
    questionTitle: 'Wie zufrieden sind Sie mit ...',
    items: 7,
    min: 1,
    max: 5,
  },
  { label: 'Q3', start: false, criterion: 'TS', questionTitle: 'Alter' },
];

export const CREATE = 'mutation($i:LiveDatafileInput!){createLiveDatafile(input:$i){status datafileId}}';
export const OPEN = 'mutation($id:ID!){openLiveDatafile(datafileId:$id)}';
export const INTEGRATION =
  'query($id:ID!){getLiveDatafileIntegration(datafileId:$id){datafileId secretKey serverKey endpoint status numberOfRespondents cost pages{label criterion start} limits{expectedRespondents maxRespondents maxCredits respondents credits perAddressPerHour perDevice allowedOrigins}}}';
let n = 0;
/** A plausible respondent: an answer, a grid with some variation, page times around `base` seconds. */
export function respondent(recordId = `r-${++n}`, base = 60, extra: Record<string, unknown> = {}) {
  const jitter = (k: number) => base * (0.6 + ((k * 7919 + recordId.length * 31 + n) % 80) / 100);
  return {
    recordId,
    answers: {
      Q1: {
        answer: 'Die Auswahl an frischem Obst und die freundliche Beratung an der Kasse.',
        seconds: jitter(1),
        pastes: 0,
        keystrokes: 70,
      },
      Grid1: { items: [1, 3, 2, 4, 5, 2, 3], seconds: jitter(2) },
      Q3: { seconds: jitter(3) },
    },
    ...extra,
  };
}

/** A live respondent body with one page's answer replaced. */
export function withAnswer<T extends { answers: Record<string, unknown> }>(body: T, page: string, answer: unknown): T {
  return { ...body, answers: { ...body.answers, [page]: answer } };
}
