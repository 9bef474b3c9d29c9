/**
 * The site's own strings per language, for the check that a screen shows none of another
 * language's (issue 40): the web app's catalogues (apps/web/src/locales/: the main one and
 * every domain's, locales/<domain>/) and the contract's `UI`, `MSG` and `OUTCOME_UI` (English
 * only, until they get catalogues of their own). ICU messages become patterns: a placeholder
 * matches any text (a number digits), a plural or select any branch.
 */
import { readdirSync } from 'node:fs';
import { MSG, OUTCOME_UI, UI } from '@dating/contract';
import type { Page } from '@playwright/test';

export const SITE_LANGUAGES = ['en', 'es', 'ar'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

type Messages = Readonly<Record<string, string>>;

const LOCALES = new URL('../../apps/web/src/locales/', import.meta.url);

/**
 * A web app catalogue, by its path in the locales folder (`es.ts`, `moderation/es.ts`).
 * Loaded by a computed address: a static import would pull the web app's sources into the
 * e2e TypeScript project, which is a separate composite project.
 */
async function load(path: string): Promise<Messages> {
  return ((await import(new URL(path, LOCALES).href)) as { default: Messages }).default;
}

/** The main catalogue of `lang`, whose keys the screens' labels are. */
const catalogue = (lang: SiteLanguage) => load(`${lang}.ts`);

/**
 * Every message of `lang`'s catalogues, the main one's and each domain's (the folders of the
 * locales folder, as lib/i18n.ts's `domain` loads them), keyed by where it comes from:
 * `es.ts askQuestion`, `moderation/es.ts modPending`.
 */
async function allMessages(lang: SiteLanguage): Promise<[string, string][]> {
  const domains = readdirSync(LOCALES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${entry.name}/${lang}.ts`);
  const files = [`${lang}.ts`, ...domains];
  const loaded = await Promise.all(files.map(load));
  return files.flatMap((file, i) =>
    Object.entries(loaded[i] ?? {}).map(([key, message]): [string, string] => [
      `${file} ${key}`,
      message,
    ]),
  );
}

/**
 * The web app's label `key` in `lang`, to find the page's controls by their names in the
 * page's language.
 */
export async function labelsOf(lang: SiteLanguage): Promise<(key: string) => string> {
  const messages = await catalogue(lang);
  return (key) => {
    const message = messages[key];
    if (message === undefined) throw new Error(`no message ${key} in ${lang}.ts`);
    return message;
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalogues' placeholders that hold numbers (lib/messages.ts, PARAMS). */
const NUMBERS = new Set(['n', 'id', 'max', 'chars', 'level', 'count']);

/**
 * An ICU message as a regular expression source, and its literal words (those outside
 * placeholders), by a small recursive reader: `{name}` matches any text, a number (NUMBERS,
 * `{x, number}`, a plural's own `{x}` or `#` in its branches) digits, grouped or not;
 * `{x, plural|select|selectordinal, key {…} …}` matches any of its branches; `''` is an
 * apostrophe.
 */
function icuPattern(message: string): { source: string; literal: string } {
  let i = 0;
  // A count or a number stands for digits only: '.+?' would let '{n} replies' match 'Your
  // questions and replies'. Spanish groups with '.', Arabic (Latin digits) with ','.
  const DIGITS = '[\\d٠-٩.,]+';
  // `counted`: the variable of the plural whose branch is being read, if any.
  const read = (counted: string | null): { source: string; literal: string } => {
    const placeholder = (name: string) => (NUMBERS.has(name) || name === counted ? DIGITS : '.+?');
    let source = '';
    let literal = '';
    while (i < message.length) {
      const c = message.charAt(i);
      if (c === '}') break;
      if (c === '{') {
        i++;
        const close = message.indexOf('}', i);
        const comma = message.indexOf(',', i);
        if (comma === -1 || comma > close) {
          // {name}
          source += placeholder(message.slice(i, close).trim());
          i = close + 1;
          continue;
        }
        const kindEnd = message.indexOf(',', comma + 1);
        const kind = message.slice(comma + 1, kindEnd === -1 ? close : kindEnd).trim();
        if (kind !== 'plural' && kind !== 'select' && kind !== 'selectordinal') {
          source += kind === 'number' ? DIGITS : placeholder(message.slice(i, comma).trim());
          i = close + 1;
          continue;
        }
        const name = message.slice(i, comma).trim();
        i = kindEnd + 1;
        const branches: string[] = [];
        for (;;) {
          while (/\s/.test(message.charAt(i))) i++;
          if (message.charAt(i) === '}') {
            i++;
            break;
          }
          const open = message.indexOf('{', i);
          i = open + 1;
          const branch = read(kind === 'select' ? null : name);
          i++; // the branch's '}'
          // A branch of placeholders alone (`other {{code}}`) would match any text at all: it
          // cannot tell one language from another.
          if (branch.literal.trim() === '') continue;
          branches.push(branch.source);
          literal += ` ${branch.literal}`;
        }
        source += branches.length === 0 ? '.+?' : `(?:${branches.join('|')})`;
        continue;
      }
      if (c === '#' && counted !== null) {
        source += DIGITS;
        i++;
        continue;
      }
      if (c === "'" && message.charAt(i + 1) === "'") {
        source += "'";
        literal += "'";
        i += 2;
        continue;
      }
      source += escapeRegExp(c);
      literal += c;
      i++;
    }
    return { source, literal };
  };
  return read(null);
}

/** A string of one language as it may appear on a screen. */
export interface SiteString {
  /** Where it comes from: `en.ts askQuestion`, `UI.loading`. */
  key: string;
  message: string;
  matches: (text: string) => boolean;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

function siteString(key: string, message: string): SiteString {
  const { source } = icuPattern(normalise(message));
  const pattern = new RegExp(`^${source.trim()}$`, 'u');
  return { key, message, matches: (text) => pattern.test(text) };
}

/**
 * Whether a message says enough to be told from another language's: a text with fewer than
 * three letters of its own ('·', '{n}', '#{name}') could be any language's.
 */
function wordy(message: string, letters: RegExp): boolean {
  const { literal } = icuPattern(message);
  return (literal.match(letters) ?? []).length >= 3;
}

const LATIN = /\p{Script=Latin}/gu;
const ARABIC = /\p{Script=Arabic}/gu;

/**
 * The strings of `lang` that must not appear on a page in `on`: those of `lang`'s
 * catalogues, but not those that read the same in `on`'s own (a word both languages write
 * alike is not a leftover).
 */
export async function foreignStrings(lang: SiteLanguage, on: SiteLanguage): Promise<SiteString[]> {
  const own = await allMessages(on);
  const ownTexts = new Set(own.map(([, message]) => normalise(message)));
  const letters = lang === 'ar' ? ARABIC : LATIN;
  const entries = await allMessages(lang);
  if (lang === 'en') {
    for (const [name, group] of Object.entries({ UI, MSG, OUTCOME_UI })) {
      for (const [k, v] of Object.entries(group)) {
        if (typeof v === 'string') entries.push([`${name}.${k}`, v]);
      }
    }
  }
  // A text the page's own language may also write ('Spam' is a report reason in English and
  // in Spanish) is not a leftover.
  const ownLetters = on === 'ar' ? ARABIC : LATIN;
  const ownStrings = own
    .filter(([, message]) => wordy(message, ownLetters))
    .map(([key, message]) => siteString(key, message));
  return entries
    .filter(([, message]) => wordy(message, letters) && !ownTexts.has(normalise(message)))
    .map(([key, message]) => siteString(key, message))
    .map((foreign) => ({
      ...foreign,
      matches: (text: string) =>
        foreign.matches(text) && !ownStrings.some((mine) => mine.matches(text)),
    }));
}

/**
 * Where the page shows what people wrote: posts (whole, a card's excerpt, a reported one),
 * tags, watched words, a report's details, usernames, moderators' notes and reasons. Other
 * tests' posts and people, in any language, share the feed and the moderators' screens.
 */
const USER_CONTENT = [
  '[data-testid="question-text"]',
  '[data-testid="answer-text"]',
  '[data-testid="excerpt"]',
  '[data-testid="watched-word"]',
  '[data-testid="reported-text"]',
  '[data-testid="report-details"]',
  // A post's words as the moderation log keeps them.
  '[data-testid="snapshot-text"]',
  // Moderators and admins by name (the moderators' list, the log's "by alice (moderator)").
  '[data-testid="username"]',
  // A moderator's words: a log entry's note, a silence's reason.
  '[data-testid="log-note"]',
  '[data-testid="silence-reason"]',
  // Session ids and keys.
  'code',
  'a[href*="tag="]',
].join(', ');

/** A text the page shows or gives to assistive technology, and where. */
export interface ShownText {
  text: string;
  where: string;
}

/**
 * Every text of the page a person meets: visible text nodes (screen-reader-only ones too),
 * the whole text of controls, labels and headings (a label may be drawn in pieces), and the
 * aria-label, placeholder, title and alt of visible elements. Left out: anything inside an
 * element whose `lang` is not the page's (the language menu names each language in itself;
 * a post marked with its own language), what people wrote (USER_CONTENT), and any text
 * containing one of `userContent` (what the test wrote, where the page shows it elsewhere:
 * usernames, a post's words in a title or a list). What the page marks as people's words is
 * also cut out of the texts that quote it (a control's whole text, "Remove alice as
 * moderator" as a label), leaving '…' in its place, so that the site's words around it are
 * still checked.
 */
export async function shownTexts(page: Page, userContent: readonly string[]): Promise<ShownText[]> {
  return page.evaluate(
    ([skip, userContentSelector]) => {
      const pageLang = document.documentElement.lang;
      const out = new Map<string, string>();
      const norm = (t: string) => t.replace(/\s+/g, ' ').trim();
      const describe = (el: Element) => {
        const id = el.id ? `#${el.id}` : '';
        const testId = el.getAttribute('data-testid');
        return `<${el.tagName.toLowerCase()}${id}${testId ? ` data-testid=${testId}` : ''}>`;
      };
      const foreignLang = (el: Element) => {
        const marked = el.closest('[lang]');
        return marked !== null && marked.getAttribute('lang') !== pageLang;
      };
      const visible = (el: Element) =>
        el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) &&
        !el.closest('[aria-hidden="true"], [hidden], template, script, style, noscript');
      // People's words as the page marks them, longest first (one may hold another); a
      // username has three letters at least, and shorter marks could cut into the site's words.
      const quoted = [
        ...new Set(
          Array.from(document.querySelectorAll(userContentSelector), (el) =>
            norm(el.textContent ?? ''),
          ),
        ),
      ]
        .filter((t) => t.length >= 3)
        .sort((a, b) => b.length - a.length);
      const add = (text: string | null, where: string) => {
        let t = norm(text ?? '');
        if (!t || skip.some((s) => t.includes(s))) return;
        for (const words of quoted) t = t.split(words).join('…');
        if (!out.has(t)) out.set(t, where);
      };
      const written = (el: Element) => el.closest(userContentSelector) !== null;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !visible(parent) || foreignLang(parent) || written(parent)) continue;
        add(node.textContent, describe(parent));
      }
      const whole =
        'button, a, label, legend, h1, h2, h3, h4, h5, h6, option, summary, th, [role="tab"], [role="option"], [role="menuitem"]';
      for (const el of Array.from(document.body.querySelectorAll(whole))) {
        if (!visible(el) || foreignLang(el) || written(el)) continue;
        add(el.textContent, describe(el));
      }
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt', 'aria-roledescription']) {
        for (const el of Array.from(document.querySelectorAll(`[${attr}]`))) {
          if (el !== document.documentElement && (!visible(el) || foreignLang(el) || written(el)))
            continue;
          add(el.getAttribute(attr), `${describe(el)}[${attr}]`);
        }
      }
      add(document.title, '<title>');
      return Array.from(out, ([text, where]) => ({ text, where }));
    },
    [userContent, USER_CONTENT] as const,
  );
}

/** The shown texts that are strings of another language: 'text' (key) at where. */
export function leftovers(shown: readonly ShownText[], foreign: readonly SiteString[]): string[] {
  const found: string[] = [];
  for (const { text, where } of shown) {
    const hit = foreign.find((s) => s.matches(text));
    if (hit) found.push(`"${text}" (${hit.key}) at ${where}`);
  }
  return found;
}

/**
 * Names an Arabic text writes in Latin letters, as Arabic writers do: a file format and the
 * companies that deliver notifications (the Privacy page).
 */
const LATIN_IN_ARABIC = /\b(JSON|Google|Mozilla|Apple|Microsoft)\b/g;

/**
 * Shown texts in the wrong script: Latin words on an Arabic page (three letters or more: a
 * string the catalogues do not know, such as a server's message, is caught too), Arabic
 * letters on a page in English or Spanish.
 */
export function wrongScript(shown: readonly ShownText[], lang: SiteLanguage): string[] {
  const bad = lang === 'ar' ? /\p{Script=Latin}{3,}/u : /\p{Script=Arabic}/u;
  return shown
    .filter(({ text }) => bad.test(lang === 'ar' ? text.replace(LATIN_IN_ARABIC, '') : text))
    .map(({ text, where }) => `"${text}" at ${where}`);
}

/**
 * Posts written in each page's language, the same every run: on an Arabic page no Latin word
 * is a post, and a screenshot's baseline holds their words (screens-look.spec.ts).
 */
export const WRITTEN = {
  en: {
    question: 'First date nerves: I am meeting someone on Friday and I am really nervous.',
    reply: 'Pick somewhere quiet where you can talk.',
    nested: 'Agreed, and ask open questions.',
    deeper: 'And listen more than you talk.',
    tag: 'first date',
  },
  es: {
    question: 'Nervios de primera cita: quedo con alguien el viernes y estoy muy nerviosa.',
    reply: 'Elige un sitio tranquilo donde podáis hablar.',
    nested: 'De acuerdo, y haz preguntas abiertas.',
    deeper: 'Y escucha más de lo que hablas.',
    tag: 'primera cita',
  },
  ar: {
    question: 'توتر الموعد الأول: سألتقي بشخص يوم الجمعة وأنا متوترة جدًا.',
    reply: 'اختاري مكانًا هادئًا يمكنكما الحديث فيه.',
    nested: 'أوافق، واطرحي أسئلة مفتوحة.',
    deeper: 'واستمعي أكثر مما تتكلمين.',
    tag: 'الموعد الأول',
  },
} as const;
