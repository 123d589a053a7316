// The ready-to-paste snippets of the snippet screen. Each is plain browser JavaScript (ES5, as
// survey templates still run it) around one shared core: on every page it measures the seconds
// spent, counts pastes and keystrokes, keeps the page's answer in the tab's session storage under
// the page label, and on the last page sends the whole respondent once to the datafile's endpoint
// (fetch with keepalive, so leaving the page does not cancel it). The endpoint answers a resend of
// the same record id without charging again, so a reload of the last page, and the core's own
// retries (429, 503, a network error: exponential backoff with jitter, never sooner than
// Retry-After, a bounded number of times), are harmless. The browser snippets carry the public
// browser key and a random device id kept in the browser (the endpoint's per-device limit); the
// plain HTTP request is for servers and carries the server key, which never goes into a page.

export type SnippetTool = 'NFIELD' | 'FORSTA' | 'QUALTRICS' | 'HTTP';
export type SnippetPage = {
  label: string;
  criterion: string;
  items?: number | null;
  min?: number | null;
  max?: number | null;
};

/** A plausible grid answer for a page: every defined item, spread over the page's scale (not a straight line). */
function gridItems(p: SnippetPage): number[] {
  const lo = p.min ?? 1;
  const hi = p.max ?? 5;
  return Array.from({ length: p.items ?? 7 }, (_, i) => lo + ((i * 3) % (hi - lo + 1)));
}
export type SnippetTarget = {
  endpoint: string;
  /** The public browser key (survey pages). */
  secretKey: string;
  /** The server-to-server key ('' until one is made): only the HTTP request shows it. */
  serverKey: string;
  pages: readonly SnippetPage[];
};

/** Sends at most this often per respondent: the first try and five retries. */
export const SNIPPET_TRIES = 6;
/** The longest wait between two tries, and the longest Retry-After the snippet waits for. */
export const SNIPPET_MAX_WAIT_MS = 30_000;
export const SNIPPET_GIVE_UP_AFTER_MS = 60_000;

const json = (v: unknown) => JSON.stringify(v);

/**
 * Behaviour while a page is answered (ES5, inside the core): how the open answer came about, in
 * timing and counts only. Never a key's value, never typed or pasted text: only whether a key edits
 * (a deletion) and the pasted text's length. Listeners are set once and count for the page opened
 * last, so a survey that shows several pages in one document does not count a page twice. The
 * intervals between keys stay in the tab's session storage (`sqp-iki`, cleared once sent) until the
 * page is done; only their median, spread and share of very regular ones are sent. docs/live-import.md
 * says what each field means and where it misleads.
 */
const BEHAVIOUR_CORE = `  var IKI_CAP = 2000, REGULAR_MS = 10, MIN_INTERVALS = 5;
  var iki = JSON.parse(sessionStorage.getItem('sqp-iki') || '{}');
  var now = null; // the page being answered: { b: its behaviour, ikis, last, away, keyed, pasted }
  function editable(t) {
    if (!t || !t.tagName) return false;
    if (t.isContentEditable || t.tagName === 'TEXTAREA') return true;
    return t.tagName === 'INPUT' && /^(text|search|email|url|tel|)$/i.test(t.getAttribute('type') || '');
  }
  function lengthOf(t) { return String(t.isContentEditable ? t.textContent : t.value || '').length; }
  // The length a field had when the respondent came to it: what was already there is nobody's typing.
  function known(t) { if (typeof t.sqpLength !== 'number') t.sqpLength = lengthOf(t); }
  function fields() { return document.querySelectorAll ? document.querySelectorAll('textarea, input, [contenteditable]') : []; }
  function listen() {
    if (listen.done) return;
    listen.done = true;
    document.addEventListener('focusin', function (e) { if (now && editable(e.target)) known(e.target); }, true);
    document.addEventListener('keydown', function (e) {
      if (!now || !editable(e.target)) return;
      known(e.target);
      now.keyed = true;
      var k = e.key;
      // A shortcut (copy, paste, select all) or a lone modifier is no typing.
      if (e.ctrlKey || e.metaKey || e.altKey || k === 'Shift' || k === 'Control' || k === 'Meta' || k === 'Alt' || k === 'CapsLock' || k === 'Tab') return;
      var b = now.b, t = Date.now();
      b.keys++;
      if (k === 'Backspace' || k === 'Delete') b.deletions++;
      if (b.firstKeyMs === null) b.firstKeyMs = t - now.opened;
      if (now.last) { if (now.ikis.length < IKI_CAP) now.ikis.push(t - now.last); b.typingMs += t - now.last; }
      now.last = t;
      now.away = false;
    }, true);
    document.addEventListener('paste', function (e) {
      if (!now) return;
      var b = now.b, d = e.clipboardData || window.clipboardData;
      var text = d ? d.getData('text') || d.getData('Text') || '' : '';
      b.pastes++;
      b.pastedChars += text.length;
      if (now.away) b.pastesAfterSwitch++;
      now.pasted = true;
    }, true);
    document.addEventListener('input', function (e) {
      var t = e.target;
      if (!now || !editable(t)) return;
      var before = typeof t.sqpLength === 'number' ? t.sqpLength : 0, after = lengthOf(t);
      t.sqpLength = after;
      // Text that grew with neither a key nor a paste before it: set by a script or an extension.
      if (after > before && !now.keyed && !now.pasted) now.b.unexplainedChars += after - before;
      now.keyed = false;
      now.pasted = false;
    }, true);
    window.addEventListener('blur', function () { if (now) { now.b.focusLosses++; now.away = true; } });
    document.addEventListener('visibilitychange', function () { if (now && document.hidden) { now.b.hidden++; now.away = true; } });
  }
  function median(s, from, to) { var n = to - from, m = from + (n >> 1); return n % 2 ? s[m] : (s[m - 1] + s[m]) / 2; }
  // Starts counting for a page; returns the function that writes its behaviour when it is done.
  function watch(label, p, opened) {
    var b = p.behaviour = p.behaviour || { keys: 0, deletions: 0, firstKeyMs: null, typingMs: 0, pastes: 0, pastedChars: 0,
      pastesAfterSwitch: 0, unexplainedChars: 0, focusLosses: 0, hidden: 0, translated: false };
    var ikis = iki[label] = iki[label] || [];
    var page = now = { b: b, ikis: ikis, opened: opened, last: 0, away: false, keyed: false, pasted: false };
    var lang = document.documentElement ? document.documentElement.lang : '';
    listen();
    var list = fields();
    for (var i = 0; i < list.length; i++) if (editable(list[i])) known(list[i]);
    return function () {
      var list = fields(), html = document.documentElement;
      // Text in a field that no input event announced (a value set without events).
      for (var i = 0; i < list.length; i++) {
        var t = list[i];
        if (!editable(t)) continue;
        var had = typeof t.sqpLength === 'number' ? t.sqpLength : 0, has = lengthOf(t);
        if (has > had) b.unexplainedChars += has - had;
        t.sqpLength = has;
      }
      // Browser translation (Chrome, Edge) marks the page and rewrites its language.
      if (html && (/translated-(ltr|rtl)/.test(html.className) || (lang && html.lang && html.lang !== lang))) b.translated = true;
      if (ikis.length >= MIN_INTERVALS) {
        var s = ikis.slice().sort(function (x, y) { return x - y; }), n = s.length, med = median(s, 0, n), regular = 0;
        for (var j = 0; j < n; j++) if (Math.abs(s[j] - med) <= REGULAR_MS) regular++;
        b.ikiMedianMs = Math.round(med);
        b.ikiIqrMs = Math.round(median(s, n - (n >> 1), n) - median(s, 0, n >> 1));
        b.regularShare = Math.round(regular / n * 1000) / 1000;
      }
      sessionStorage.setItem('sqp-iki', JSON.stringify(iki));
      if (now === page) now = null;
    };
  }`;

/** The shared core: `var SQP = ...` with page(label) and send(recordId). */
export function snippetCore(t: Pick<SnippetTarget, 'endpoint' | 'secretKey' | 'pages'>): string {
  const kinds = Object.fromEntries(t.pages.map((p) => [p.label, p.criterion]));
  return `var SQP = (function () {
  var ENDPOINT = ${json(t.endpoint)};
  var KEY = ${json(t.secretKey)}; // the public browser key: fine in a page, bounded by the limits
  var PAGES = ${json(kinds)}; // page label -> OES (open answer), IBS (grid) or TS (time only)
  var TRIES = ${SNIPPET_TRIES}, MAX_WAIT = ${SNIPPET_MAX_WAIT_MS}, GIVE_UP = ${SNIPPET_GIVE_UP_AFTER_MS};
  var store = JSON.parse(sessionStorage.getItem('sqp') || '{}');
  function save() { sessionStorage.setItem('sqp', JSON.stringify(store)); }
${FINGERPRINT_CORE}
  // A random id for this browser (the endpoint's per-device limit); none where storage is blocked.
  function device() {
    try {
      var id = localStorage.getItem('sqp-device');
      if (!id) {
        var bytes = new Uint8Array(16);
        (window.crypto || window.msCrypto).getRandomValues(bytes);
        id = Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
        localStorage.setItem('sqp-device', id);
      }
      return id;
    } catch (e) { return ''; }
  }
  // Busy (429, 503) or unreachable: wait 1 s, 2 s, 4 s ... (at most MAX_WAIT), or what Retry-After
  // asks when it is longer, plus up to half a step at random, so respondents turned away together
  // do not come back together; give up after TRIES, or when Retry-After asks for more than GIVE_UP.
  function post(body, attempt) {
    var headers = { 'content-type': 'application/json', 'x-live-key': KEY };
    var id = device();
    if (id) headers['x-live-device'] = id;
    return fetch(ENDPOINT, { method: 'POST', keepalive: true, headers: headers, body: body }).then(function (r) {
      if ((r.status === 429 || r.status === 503) && attempt < TRIES) return later(body, attempt, Number(r.headers.get('retry-after')) * 1000, r);
      return r;
    }, function (error) {
      if (attempt < TRIES) return later(body, attempt, 0, null);
      throw error;
    });
  }
  function later(body, attempt, atLeast, response) {
    if (atLeast > GIVE_UP && response) return response;
    var step = Math.min(MAX_WAIT, 1000 * Math.pow(2, attempt - 1));
    var ms = Math.max(atLeast > 0 ? atLeast : 0, step) + Math.random() * step / 2;
    return new Promise(function (resolve) { setTimeout(resolve, ms); }).then(function () { return post(body, attempt + 1); });
  }
${BEHAVIOUR_CORE}
  return {
    // Call when a page opens; returns done(answer), to call when the page is submitted.
    page: function (label) {
      if (!PAGES[label]) return function () {};
      var p = store[label] = store[label] || { seconds: 0, pastes: 0, keystrokes: 0 };
      var opened = Date.now();
      document.addEventListener('paste', function () { p.pastes++; }, true);
      document.addEventListener('keydown', function () { p.keystrokes++; }, true);
      var watched = watch(label, p, opened);
      return function (answer) {
        watched();
        p.seconds += (Date.now() - opened) / 1000;
        if (PAGES[label] === 'OES' && typeof answer === 'string') p.answer = answer;
        if (PAGES[label] === 'IBS' && answer && answer.length) p.items = answer.map(Number);
        save();
      };
    },
    // Call once on the last page with the respondent's id; \`about\` may name the panel's respondent
    // id and the sample source: { panelId: ..., source: ... }.
    send: function (recordId, about) {
      var body = JSON.stringify(identify({ recordId: String(recordId), answers: store }, about));
      return post(body, 1).then(function (r) { if (r.ok) { sessionStorage.removeItem('sqp'); sessionStorage.removeItem('sqp-iki'); } return r.json(); });
    }
  };
})();`;
}

const core = snippetCore;

const indent = (text: string, by = '  ') =>
  text
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');

function nfield(t: SnippetTarget): string {
  return `<!-- Nfield: paste into the survey's template (Look & Feel > custom JavaScript), so it runs on every page.
     Give each question the page label of step 2 as its question id. The respondent key comes from
     the interview's URL (Nfield passes it as respondentKey); the last page sends. -->
<script>
${core(t)}
(function () {
  var form = document.forms[0];
  var label = document.querySelector('[data-question-id]') && document.querySelector('[data-question-id]').getAttribute('data-question-id');
  var done = SQP.page(label);
  if (form) form.addEventListener('submit', function () {
    var text = form.querySelector('textarea, input[type=text]');
    var grid = Array.prototype.map.call(form.querySelectorAll('input[type=radio]:checked'), function (r) { return r.value; });
    done(grid.length ? grid : text && text.value);
  });
  if (document.querySelector('.nfield-end-of-interview, #EndOfInterview')) {
    SQP.send(new URLSearchParams(location.search).get('respondentKey'));
  }
})();
</script>`;
}

function forsta(t: SnippetTarget): string {
  return `<!-- Forsta / Decipher: add to survey.xml, inside <survey>. The question labels must be the page
     labels of step 2; the respondent id is Decipher's uuid. The <exec when="finished"> block marks
     the end page, where the respondent is sent. -->
<style name="respview.client.js" mode="after" wrap="ready"><![CDATA[
${indent(core(t))}
  var q = document.querySelector('.question[id^="question_"]');
  var done = SQP.page(q ? q.id.replace('question_', '') : null);
  var form = document.forms.primary || document.forms[0];
  if (form) form.addEventListener('submit', function () {
    var text = q && q.querySelector('textarea, input[type=text]');
    var grid = q ? Array.prototype.map.call(q.querySelectorAll('input[type=radio]:checked'), function (r) { return r.value; }) : [];
    done(grid.length ? grid : text && text.value);
  });
  if (document.getElementById('surveyEnd')) SQP.send('\${uuid}');
]]></style>
<html label="surveyEnd" where="survey" final="1"><div id="surveyEnd"></div></html>`;
}

function forstaPlus(t: SnippetTarget): string {
  return `// Forsta Plus: paste into the survey's Survey-level JavaScript (Survey Settings > Scripting), so it
// runs on every page. Name each question after the page label of step 2; the respondent id is the
// respid the interview URL carries. The end page (a question labelled surveyEnd) sends.
${core(t)}
(function () {
  var q = document.querySelector('.cf-question[id]');
  var label = q ? q.id : null;
  var done = SQP.page(label);
  var form = document.forms[0];
  if (form) form.addEventListener('submit', function () {
    var text = q && q.querySelector('textarea, input[type=text]');
    var grid = q ? Array.prototype.map.call(q.querySelectorAll('input[type=radio]:checked'), function (r) { return r.value; }) : [];
    done(grid.length ? grid : text && text.value);
  });
  if (label === 'surveyEnd') SQP.send(new URLSearchParams(location.search).get('respid'));
})();`;
}

function qualtrics(t: SnippetTarget): string {
  return `// Qualtrics: paste into Look & Feel > General > Header (inside <script> tags), so it runs on every
// page. Set each question's Question Export Tag to the page label of step 2. On the End of Survey
// message add: <script>SQP.send('\${e://Field/ResponseID}');</script>
${core(t)}
Qualtrics.SurveyEngine.addOnload(function () {
  var that = this;
  var done = SQP.page(this.getQuestionInfo().DataExportTag);
  Qualtrics.SurveyEngine.addOnPageSubmit(function () {
    var info = that.getQuestionInfo();
    if (info.QuestionType === 'TE') return done(that.getTextValue ? that.getTextValue() : jQuery('#' + info.QuestionID + ' textarea, #' + info.QuestionID + ' input[type=text]').val());
    var grid = jQuery('#' + info.QuestionID + ' input[type=radio]:checked').map(function () { return jQuery(this).closest('td').index(); }).get();
    done(grid);
  });
});`;
}

/** What an open answer typed by a person looks like in the behaviour fields (the HTTP example, the test respondent). */
const TYPED_BEHAVIOUR = {
  keys: 130,
  deletions: 6,
  firstKeyMs: 5200,
  typingMs: 38000,
  ikiMedianMs: 210,
  ikiIqrMs: 120,
  regularShare: 0.06,
  pastes: 0,
  pastedChars: 0,
  pastesAfterSwitch: 0,
  unexplainedChars: 0,
  focusLosses: 0,
  hidden: 0,
  translated: false,
};

/** From a server (any other tool): the request itself (curl), one respondent per call, with the server key. */
function http(t: SnippetTarget): string {
  const answers: Record<string, unknown> = {};
  for (const p of t.pages)
    answers[p.label] =
      p.criterion === 'OES'
        ? { answer: '…', seconds: 42, pastes: 0, keystrokes: 120, behaviour: TYPED_BEHAVIOUR }
        : p.criterion === 'IBS'
          ? { items: gridItems(p), seconds: 30 }
          : { seconds: 12 };
  return `curl -X POST ${json(t.endpoint)} \\
  -H 'content-type: application/json' \\
  -H 'x-live-key: ${t.serverKey || 'lks_… (make the server key on the integration page)'}' \\
  --data '${JSON.stringify({ recordId: 'R-0001', panelId: 'PANEL-0001', source: 'Supplier A', answers })}'
# From your server only: the server key must never be in a survey page (pages use the browser key).
# panelId and source are optional (the duplicate check and the removal rates per source); a device
# fingerprint your tool or vendor made goes in "fingerprint".
# 200: the respondent's scores and decision; 429 or 503: wait Retry-After seconds and send again
# (a resend is never charged twice). Add -H 'prefer: respond-async' for a 202, then
# GET ${t.endpoint}/R-0001 with the same key for the result.`;
}

export function snippetFor(
  tool: SnippetTool,
  target: SnippetTarget,
  forstaTemplate: 'DECIPHER_XML' | 'FORSTA_PLUS_JS' = 'DECIPHER_XML',
): string {
  if (tool === 'NFIELD') return nfield(target);
  if (tool === 'FORSTA') return forstaTemplate === 'FORSTA_PLUS_JS' ? forstaPlus(target) : forsta(target);
  if (tool === 'QUALTRICS') return qualtrics(target);
  return http(target);
}

/**
 * The 'send a test respondent' body: a plausible answer for every page of the definition.
 * The open answers are written in the page's language where it names German or English (else the
 * UI's), so the language check does not decide the test by itself.
 */
export function testRespondent(
  pages: readonly {
    label: string;
    criterion: string;
    languages?: readonly string[];
    items?: number | null;
    min?: number | null;
    max?: number | null;
  }[],
  locale: string,
) {
  const answers: Record<string, unknown> = {};
  for (const p of pages) {
    const language = p.languages?.find((l) => l === 'de' || l === 'en') ?? locale;
    if (p.criterion === 'OES')
      answers[p.label] = {
        answer:
          language === 'de'
            ? 'Die Beratung war freundlich und die Auswahl gut.'
            : 'The staff were friendly and the choice was good.',
        seconds: 45,
        pastes: 0,
        keystrokes: 50,
        behaviour: TYPED_BEHAVIOUR,
      };
    else if (p.criterion === 'IBS') answers[p.label] = { items: gridItems(p), seconds: 35 };
    else answers[p.label] = { seconds: 15 };
  }
  return { recordId: `test-${Date.now().toString(36)}`, answers };
}

/**
 * The device fingerprint (ES5, inside the core): a 64-bit hash of features that stay the same for
 * one device and browser across surveys and suppliers, so the server can find the same person twice.
 * Chosen for stability, not for maximal uniqueness: the screen (its sides sorted, so turning a phone
 * changes nothing), colour depth and pixel ratio, the time zone's name (not its offset, which moves
 * with daylight saving), the languages, the platform, the processor cores, the device memory class,
 * the touch points and the graphics card WebGL names. Left out on purpose: the user agent (it changes
 * with every browser update), canvas and audio rendering and the font list (they change with updates
 * and are the invasive part of fingerprinting), the address (the server sees it anyway). Only the
 * hash leaves the page; the server keeps only a keyed hash of it (docs/duplicates.md). No library:
 * the maintained ones are licensed for non-commercial use only or are larger than the whole snippet.
 */
const FINGERPRINT_CORE = `  function fingerprint() {
    var parts = [], n = window.navigator || {}, s = window.screen || {};
    function add(v) { parts.push(v === undefined || v === null ? '' : String(v)); }
    try {
      add([Math.max(s.width, s.height), Math.min(s.width, s.height)].join('x'));
      add(s.colorDepth); add(window.devicePixelRatio);
      add(window.Intl && Intl.DateTimeFormat ? Intl.DateTimeFormat().resolvedOptions().timeZone : '');
      add(n.languages && n.languages.join ? n.languages.join(',') : n.language);
      add(n.platform); add(n.hardwareConcurrency); add(n.deviceMemory); add(n.maxTouchPoints);
      var gl = document.createElement('canvas').getContext('webgl');
      var info = gl && gl.getExtension('WEBGL_debug_renderer_info');
      add(info ? gl.getParameter(info.UNMASKED_VENDOR_WEBGL) + '|' + gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : '');
    } catch (e) { add('?'); }
    var text = parts.join(';'), h1 = 0x811c9dc5, h2 = 0x01000193 ^ text.length;
    // Two 32-bit FNV-1a style hashes with different seeds: 64 bits, enough to tell devices apart.
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      h1 = Math.imul ? Math.imul(h1 ^ c, 16777619) : ((h1 ^ c) * 16777619) | 0;
      h2 = Math.imul ? Math.imul(h2 ^ c, 2246822519) : ((h2 ^ c) * 2246822519) | 0;
    }
    return 'sqp1-' + ((h1 >>> 0) + 0x100000000).toString(16).slice(1) + ((h2 >>> 0) + 0x100000000).toString(16).slice(1);
  }
  // The respondent's body with the fingerprint and what the survey knows (panel id, source).
  function identify(body, about) {
    try { body.fingerprint = fingerprint(); } catch (e) {}
    if (about && about.panelId) body.panelId = String(about.panelId);
    if (about && about.source) body.source = String(about.source);
    return body;
  }`;
