// The open-ended rules that ask for strong evidence (scoring/README.md, "Open-ended answers: how the
// classifier decides"): Wrong Topic from off-topic markers or from a respondent off topic throughout,
// Wrong Language from one function word in a short answer, and the word-list corners that go with them.
import { describe, expect, it } from 'vitest';
import type { OpenQuestion } from '../../scoring/index.ts';
import { scoring } from '../support/scoring.ts';

const shop = (answers: string[], extra: Partial<OpenQuestion> = {}): OpenQuestion => ({
  text: 'Beschreiben Sie bitte Ihren letzten Einkauf im Supermarkt.',
  keywords: ['Kasse', 'Obst', 'Gemüse'],
  allowedLanguages: ['de'],
  duplicateDetection: false,
  answers,
  ...extra,
});
const annoy = (answers: string[]) =>
  shop(answers, { text: 'Was stört Sie beim Einkaufen im Supermarkt am meisten?', keywords: ['Preise', 'Personal'] });
const run = (...questions: OpenQuestion[]) => scoring.classifyOpenEnded(questions);
const categories = (...questions: OpenQuestion[]) => run(...questions).categories.map((c) => Array.from(c));

describe('Wrong Topic from off-topic markers', () => {
  it('calls advertising, links, handles, requests to the public and remarks about the survey Wrong Topic on their own', () => {
    const marked = [
      'Jetzt bestellen unter www.beispiel-shop.example und zehn Prozent sparen',
      'Folgt mir auf Instagram @kochprofi.daily für Rezepte',
      'Kennt jemand einen guten Zahnarzt in Köln?',
      'Diese Umfrage dauert viel zu lange',
      'Zu viele Fragen, ich hab keine Lust mehr',
    ];
    // The same respondents answer the second question on topic: the markers need no help from there.
    const second = marked.map(() => 'Die Schlange an der Kasse am Samstag');
    expect(categories(shop(marked), annoy(second))).toEqual([new Array(5).fill(10), new Array(5).fill(1)]);
  });

  it('finds English markers the same way', () => {
    const q = shop(
      [
        'Click here to claim your reward now',
        'Follow me on TikTok for daily motivation',
        'This questionnaire takes forever',
        'Does anyone know a cheap plumber near Leeds?',
      ],
      {
        text: 'What did you buy the last time you went to the supermarket?',
        keywords: ['fruit', 'checkout'],
        allowedLanguages: ['en'],
      },
    );
    expect(categories(q)[0]).toEqual([10, 10, 10, 10]);
  });

  it('leaves a marked answer valid when one of its words belongs to the questions, and a lone marker alone', () => {
    const survey = shop(['Die Umfrage war zu lang'], {
      text: 'Wie fanden Sie diese Umfrage?',
      keywords: ['Länge'],
      topicCheck: true,
    });
    const online = shop(['Ich bestelle fast alles über www.beispiel-shop.example'], {
      text: 'Wo bestellen Sie Lebensmittel online?',
      keywords: ['Lieferung'],
    });
    expect(categories(survey)[0]).toEqual([1]);
    expect(categories(online)[0]).toEqual([1]);
    expect(categories(shop(['Umfrage', 'www']))[0]).toEqual([1, 1]);
  });

  it("does not let the words of an ad or request tie it to a question that uses one, but keeps remarks on a survey's questions on topic", () => {
    const delivery = shop(
      ['Looking for a used bike for my son, anyone selling one?', 'Pizza, arrived warm and on time'],
      {
        text: 'What did you order the last time you used a food delivery app?',
        keywords: ['pizza', 'sushi'],
        allowedLanguages: ['en'],
      },
    );
    expect(categories(delivery)[0]).toEqual([10, 1]);
    // "Fragen" is a word of the question; "zu viele Fragen" answers it.
    const feedback = shop(['Zu viele Fragen, sonst okay'], {
      text: 'Wie fanden Sie die Fragen?',
      keywords: ['Länge'],
      topicCheck: true,
    });
    expect(categories(feedback)[0]).toEqual([1]);
  });

  it('calls classified ads Wrong Topic, and does not let evaluative question words ("like", "best") tie an answer to the topic', () => {
    const ads = shop(['Kinderwagen zu verkaufen, guter Zustand, 80 Euro VB', 'Bei Interesse einfach melden']);
    expect(categories(ads)[0]).toEqual([10, 10]);
    const likes = shop(['Buy cheap followers and likes for your account, results guaranteed'], {
      text: 'What do you like best about your phone?',
      keywords: ['camera', 'battery'],
      allowedLanguages: ['en'],
    });
    expect(categories(likes)[0]).toEqual([10]);
  });

  it('does not mark e-mail-like text without a letter after the @', () => {
    expect(categories(shop(['Mit dem Rad zum Markt @ 8 Uhr, danach zum Bäcker um die Ecke']))[0]).toEqual([1]);
  });
});

describe('Wrong Topic for answers without a word of the survey', () => {
  it('needs the same respondent to have written a marked answer and no attentive one', () => {
    const off = [
      'Wir haben seit Mai einen Hund, er heißt Bruno und ist ein Labrador',
      'Mein Auto muss in die Werkstatt, Auspuff und Kupplung kaputt',
      'Die Bundesliga-Saison war spannend, Bayern hat verloren',
      'Meine Tochter hat morgen Geburtstag, sie wird sieben',
      'Wir fahren im Sommer mit dem Wohnmobil nach Schweden',
    ];
    const flat = 'Ich suche noch eine Wohnung in Leipzig, drei Zimmer mit Balkon';
    // Next to no answer, a generic answer, an on-topic answer, a second answer without a word of the
    // survey, and a remark about the survey.
    const second = ['', 'passt schon', 'Die Preise an der Kasse', flat, 'Diese Umfrage nervt total'];
    const r = run(shop(off), annoy(second));
    expect(Array.from(r.categories[0]!)).toEqual([1, 1, 1, 1, 10]);
    expect(Array.from(r.categories[1]!)).toEqual([0, 4, 1, 1, 10]);
    // The ones left valid stay unsure, for the AI judge.
    expect(Array.from(r.unsure[0]!)).toEqual([1, 1, 1, 1, 1]);
  });

  it('takes a personal story dated to one event, without a word of the survey, as evidence of its own', () => {
    const r = run(
      shop([
        'Unsere Tochter zieht nächsten Monat nach Hamburg, wir helfen beim Umzug',
        'Mein Vermieter hat gestern endlich die Heizung repariert, nach drei Wochen',
        // A word of the survey ("Kasse") ties it; no first person, or no date, and it stays valid and unsure.
        'Mit meiner Mutter gestern im Kaufland, lange Schlange an der Kasse',
        'Bandscheibenvorfall letztes Jahr, Rücken tut seitdem weh',
        'Mein Hund braucht Auslauf, also gehe ich vorher mit ihm spazieren',
      ]),
    );
    expect(Array.from(r.categories[0]!)).toEqual([10, 10, 1, 1, 1]);
    expect(Array.from(r.unsure[0]!)).toEqual([0, 0, 0, 1, 1]);
    const en = shop(
      ['My landlord raised the rent again this year, third time in a row', 'Quick shop for milk and bread'],
      {
        text: 'Please describe your last grocery shopping trip.',
        keywords: ['checkout', 'fruit'],
        allowedLanguages: ['en'],
      },
    );
    expect(categories(en)[0]).toEqual([10, 1]);
  });

  it('does not let the word that dates a personal story tie it to a question that dates its own subject', () => {
    // The question asks for the "letzten" Einkauf, the story dates itself "seit letztem Jahr"; a date is no topic.
    const r = run(
      shop([
        'Wir haben einen Hund seit letztem Jahr, er heißt Bruno und ist ein Labrador',
        'Letzte Woche beim Wocheneinkauf lange an der Kasse gestanden',
      ]),
    );
    expect(Array.from(r.categories[0]!)).toEqual([10, 1]);
    const en = shop(
      ['We adopted a puppy last month, a beagle called Max who chews everything', 'Quick shop last week'],
      {
        text: 'Please describe your last grocery shopping trip.',
        keywords: ['checkout', 'fruit'],
        allowedLanguages: ['en'],
      },
    );
    expect(categories(en)[0]).toEqual([10, 1]);
  });

  it('keeps an answer on topic through a compound of a word of any question of the survey', () => {
    // "Selbstbedienungskassen" holds "Kasse" of the first question's keywords.
    const r = categories(
      shop(['Online bestellt und liefern lassen, war bequem']),
      annoy(['Dass die Selbstbedienungskassen dauernd streiken und keiner hilft']),
    );
    expect(r).toEqual([[1], [1]]);
  });
});

describe('Wrong Language in short answers', () => {
  it('places an answer by one function word of three or more letters that is not English', () => {
    const q = shop(['Non ricordo', 'prezzi più bassi', 'too expensive for me'], { topicCheck: false });
    expect(categories(q)[0]).toEqual([11, 11, 11]);
  });

  it('does not count list items, two-letter particles or a lone English word, which start many names', () => {
    const brands = shop(['xiaomi redmi, poco, samsung', 'La Piazza', 'Under Armour', 'The North Face, Patagonia'], {
      text: 'Welche Marken oder Orte fallen Ihnen ein?',
      keywords: [],
      topicCheck: false,
    });
    expect(categories(brands)[0]).toEqual([1, 1, 1, 1]);
    const en = shop(['Café de Flore'], {
      text: 'Which places come to mind?',
      allowedLanguages: ['en'],
      topicCheck: false,
    });
    expect(categories(en)[0]).toEqual([1]);
  });

  it('does not count a function word joined to a word by a hyphen, a part of a compound', () => {
    const q = shop(['non-profit law firm', 'pour-over coffee at home'], {
      text: 'If your job needs more context, please add it here.',
      allowedLanguages: ['en'],
      topicCheck: false,
    });
    expect(categories(q)[0]).toEqual([1, 1]);
    // "bio" is Croatian for "was".
    expect(categories(shop(['Bio-Gemüse vom Markt'], { topicCheck: false }))[0]).toEqual([1]);
    expect(categories(shop(['non lo so', 'pour le moment rien'], { topicCheck: false }))[0]).toEqual([11, 11]);
  });

  it('does not count a function word inside a written name, unless German could have written it so', () => {
    const city = (answers: string[]) =>
      categories(
        shop(answers, { text: 'What city do you work in?', keywords: [], allowedLanguages: ['en'], topicCheck: false }),
      )[0];
    // The same letters without the capitals read as Spanish: the verdict follows the answer as written.
    expect(city(['Los Angeles', 'los angeles', 'Greater Los Angeles area', 'Tierra del Fuego'])).toEqual([1, 11, 1, 1]);
    // German writes its nouns with a capital: an article before one is a phrase, not a name.
    expect(city(['Der Preis', 'Non ricordo', 'Non Ricordo'])).toEqual([11, 11, 1]);
  });

  it('leaves short answers with a word of an allowed language alone', () => {
    expect(categories(shop(['all inclusive und billig', 'Last minute Angebot'], { topicCheck: false }))[0]).toEqual([
      1, 1,
    ]);
  });
});

describe('word-list corners', () => {
  it('reads a listed non-answer word in a short answer without content as no information, unless an evaluation makes it generic', () => {
    expect(categories(shop(['mir fällt grad nix ein', 'nix besonderes', 'trifft nicht zu']))[0]).toEqual([5, 4, 5]);
  });

  it('reads a hedge followed by a generic answer as generic, and a hedge alone as no information', () => {
    const q = shop([
      'schwer zu sagen, war alles gut',
      'not sure, everything',
      'Nein, keine Ahnung',
      'weiß nicht, keine Ahnung',
    ]);
    expect(categories(q)[0]).toEqual([4, 4, 5, 5]);
  });

  it('finds chatbot text by the formulae it opens and closes with', () => {
    const q = shop([
      'Certainly! Popular choices include: 1. Apples 2. Bread 3. Milk',
      'Hier sind einige typische Einkäufe: 1. Brot 2. Milch 3. Obst',
    ]);
    expect(categories(q)[0]).toEqual([13, 13]);
  });

  it('calls a four-letter unit typed twice nonsense, but not a dictionary word', () => {
    expect(categories(shop(['asdfasdf', 'blahblah', 'Couscous'], { topicCheck: false }))[0]).toEqual([7, 7, 1]);
  });

  it('finds English plurals of listed insults, and leaves the German "dick" (thick) alone', () => {
    expect(categories(shop(['die fahrer sind dickheads', 'Ich bin zu dick'], { topicCheck: false }))[0]).toEqual([
      6, 1,
    ]);
  });
});
