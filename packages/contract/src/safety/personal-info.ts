/**
 * The personal-info guard: finds what could identify a writer, or the people they write
 * about, in a post's plain text. Pure and synchronous, so the web app runs it as the user
 * types and the server runs the same check on what is posted.
 *
 * Each match names its kind and its range in the text (UTF-16 offsets, `end` exclusive),
 * so a client can offer to replace it with `[removed]` (`redactPersonalInfo`). Matches
 * never overlap. The message for each kind is `PII_MSG` (messages.ts).
 *
 * What it finds:
 * - phone: numbers that libphonenumber-js (its `mobile` metadata, which validates mobile
 *   numbers digit by digit) accepts for one of the countries below, or any number written
 *   in international form (+ or 00, then 8 to 15 digits), or a grouped number of 7 to 15
 *   digits right after a word such as "call", "text" or "WhatsApp". Dates, times, year
 *   ranges, prices, order numbers and card numbers are left alone.
 * - email: an address with a dot in its domain.
 * - social: a profile link on Instagram, TikTok, Snapchat, Facebook, X/Twitter or
 *   LinkedIn; an `@handle` that stands on its own (not `@ 5`, not `@home`, not in an
 *   e-mail address); "ig: name", "snap: name" and the like.
 * - address: a house number with a street ("221B Baker Street", "12 rue de la Paix",
 *   "Hauptstraße 5", "Calle Mayor 3"); lower case counts after "I live at" and the like.
 * - national_id, licence_plate, payment, and e-mail addresses written to dodge a filter
 *   ("jane.doe [at] gmail [dot] com"): personal-ids.ts.
 * - Arabic (issue 40): phones of Arab countries in any digits, "ات"/"دوت" e-mails, Egyptian,
 *   Saudi and Emirati ID numbers, handles, wallets, addresses, plates and names after their
 *   Arabic cues: lang/personal-info-ar.ts.
 * - name: a full name, two or three capitalised words whose first is a given name in
 *   `given-names.json` (660 common given names of many languages, words that are mostly
 *   something else, such as "Will", "May" or "Hope", left out).
 *
 * Size: a compact name list (about 2 KB gzipped) rather than an NLP library (compromise
 * is over 100 KB gzipped), and libphonenumber-js's `mobile` metadata (strict enough to
 * tell a phone number from an order number without the 145 KB `max` set).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { PII_KINDS, type PiiKind } from '../enums.ts';
import givenNames from './given-names.json' with { type: 'json' };
import { findPersonalInfoAr } from './lang/personal-info-ar.ts';
import { findPersonalInfoEs } from './lang/personal-info-es.ts';
import { findMoreIdentifiers } from './personal-ids.ts';

export interface PiiMatch {
  kind: PiiKind;
  /** UTF-16 offset of the first character. */
  start: number;
  /** UTF-16 offset just past the last character. */
  end: number;
}

/** What a redacted item is replaced with. */
export const REDACTED = '[removed]';

/**
 * Countries whose national number formats are tried, chosen for where the site's readers
 * are likely to be: English-speaking countries first, then large populations online.
 * More countries find more numbers and mistake more digit strings for numbers.
 */
const PHONE_COUNTRIES = [
  'US',
  'GB',
  'IE',
  'AU',
  'NZ',
  'IN',
  'ZA',
  'NG',
  'KE',
  'PH',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'PT',
  'BR',
  'MX',
  'AR',
  'PL',
  'SE',
  'TR',
  'JP',
] as const;

const NAMES: ReadonlySet<string> = /*#__PURE__*/ new Set(
  (givenNames as string[]).map((name) => name.normalize('NFD').replace(/\p{M}/gu, '')),
);

/** Capitalised words that follow a given name without making a person's name. */
const NOT_SURNAMES: ReadonlySet<string> = /*#__PURE__*/ new Set(
  (
    'I Im Ive Id Ill The A An And Or But So If Is Was Are Were Be Been Has Had Have Do Did Does ' +
    'My Your His Her Our Their Its He She They We You It This That These Those There Here ' +
    'Then When What Why How Who Where Which Not No Yes Ok Okay Hi Hey Hello Thanks Thank Please ' +
    'Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April ' +
    'May June July August September October November December Christmas Easter Day Night ' +
    'Street Road Avenue Lane Drive Park Square Station Airport Hospital University College ' +
    'School Church Center Centre Hotel Bar Cafe Club Mall Beach Lake River Mountain City Town ' +
    'Instagram Facebook Tinder Hinge Bumble Snapchat Twitter TikTok WhatsApp Reddit Google ' +
    'Said Says Told Asked Texted Called Wants Wanted Thinks Thought Feels Felt Loves Love Likes ' +
    'Just Also Still Even Only Really Never Always Again Today Tomorrow Yesterday Tonight'
  ).split(' '),
);

// \p{Lu} upper-case letter, \p{Ll} lower-case letter: names in any Latin-based alphabet.
const CAPITALISED = "(?:\\p{Lu}['’])?\\p{Lu}[\\p{Ll}\\p{M}]+(?:\\p{Lu}[\\p{Ll}\\p{M}]+)?";
const NAME_WORD = `${CAPITALISED}(?:-${CAPITALISED})?`;
/** Zero-width, so that every capitalised word is tried as the start of a name. */
const FULL_NAME = new RegExp(
  `(?<![\\p{L}\\p{N}@'’-])(?=(${NAME_WORD})((?:[ \\t]+${NAME_WORD}){1,2})(?![\\p{L}\\p{N}]))`,
  'gu',
);
const withoutAccents = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '');

const EMAIL =
  /(?<![\w.%+-])[A-Za-z0-9][\w.%+-]*@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}(?![\w-])/g;

const SOCIAL_DOMAINS =
  'instagram\\.com|instagr\\.am|tiktok\\.com|snapchat\\.com|facebook\\.com|fb\\.com|fb\\.me|x\\.com|twitter\\.com|linkedin\\.com';
const SOCIAL_LINK = new RegExp(
  `(?<![\\w.@/-])(?:https?:\\/\\/)?(?:(?:www|m|mobile|[a-z]{2})\\.)?(?:${SOCIAL_DOMAINS})\\/[^\\s<>"'()\\[\\]]+`,
  'gi',
);
const HANDLE = /(?<![\w.@/])@([A-Za-z_][A-Za-z0-9_.]{0,28}[A-Za-z0-9_])(?![\w@])/g;
/** "@home" or "@work" is shorthand for "at", not someone's account. */
const NOT_HANDLES: ReadonlySet<string> = /*#__PURE__*/ new Set(
  'home work school the gym night noon lunch dinner breakfast uni college church office midnight'.split(
    ' ',
  ),
);
const NAMED_HANDLE =
  /\b(?:ig|insta|instagram|snap|snapchat|sc|tiktok|tt|twitter|linkedin|fb|facebook)\s*(?::|-|is)\s*@?([A-Za-z0-9_][A-Za-z0-9_.]{1,29})(?![\w@])/gi;

const STREET_SUFFIX =
  'street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|place|pl|way|terrace|close|crescent|square|sq|parkway|pkwy|highway|hwy|row|grove|gardens|walk|circle|cir|mews|hill';
const capitalisedSuffixes = STREET_SUFFIX.split('|')
  .map((suffix) => `${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`)
  .join('|');
const ADDRESS_WORD = "(?:[A-Z0-9][\\w'’.-]*)";
/** "221B Baker Street", "1600 Pennsylvania Avenue": capitalised, so ordinary sentences pass. */
const ADDRESS_EN = new RegExp(
  `\\b\\d{1,5}[A-Za-z]?,?\\s+(?:${ADDRESS_WORD}\\s+){1,3}(?:${capitalisedSuffixes})\\b\\.?`,
  'g',
);
/** After "I live at", "my address is"...: lower case too ("i live at 12 baker street"). */
const ADDRESS_CUED = new RegExp(
  `(?<=\\b(?:live at|lives at|living at|address is|address:|staying at|stay at|moved to|house at|flat at|apartment at)\\s+)\\d{1,5}[a-z]?,?\\s+(?:[\\w'’.-]+\\s+){1,3}(?:${STREET_SUFFIX})\\b\\.?`,
  'gi',
);
/** "12 rue de la Paix", "5 Via Roma"... the number first, then a street word. */
const ADDRESS_NUMBER_FIRST =
  /\b\d{1,4}[a-z]?,?\s+(?:rue|avenue|boulevard|bd|chemin|allée|impasse|quai|place|via|viale|corso|piazza|rua|calle|avenida|paseo|plaza|carrer)\s+(?:[\p{L}'’.-]+\s+){0,3}[\p{L}'’.-]+/giu;
/** "Calle Mayor 3", "Via Roma 12", "Rua Augusta 45": the street word first, the number last. */
const ADDRESS_NUMBER_LAST =
  /\b(?:[Cc]alle|[Cc]\/|[Aa]venida|[Aa]vda\.?|[Pp]aseo|[Pp]laza|[Cc]arrer|[Vv]ia|[Vv]iale|[Cc]orso|[Pp]iazza|[Rr]ua|[Tt]ravessa|[Uu]lica|[Uu]l\.)\s+(?:\p{Lu}[\p{L}'’.-]*\s+){1,4}\d{1,4}[a-z]?\b/gu;
/** "Hauptstraße 5", "Keizersgracht 123", "Storgatan 1": one word ending in a street word. */
const ADDRESS_COMPOUND =
  /\b\p{Lu}[\p{L}-]*(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|laan|straat|gracht|plein|kade|vej|gade|gatan|gata|vägen|veien|gaten)\s+\d{1,4}[a-z]?\b/gu;

/** Grouped digits, maybe a leading + or 00, ending in a digit: a candidate phone number. */
const PHONE_CANDIDATE = /(?<![\w+.,/#$€£¥%-])(?:\+|\b00)?\(?\d[\d ().\-\u00a0]{5,22}\d(?![\w%])/g;
const PHONE_CUE =
  /\b(?:call|calling|phone|tel|telephone|mobile|cell|cellphone|number|num|no\.|text|txt|sms|whatsapp|signal|telegram|viber|ring|reach (?:me|him|her) (?:at|on)|contact)\b[\s:.,-]*(?:me\s+|him\s+|her\s+|them\s+|at\s+|on\s+|is\s+)*$/i;
/** Dates (12/05/2024, 2024-05-12, 12.05.2024) and year ranges (1990-2005). */
const DATE_LIKE = /^(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|(?:19|20)\d\d\s*[-–]\s*(?:19|20)?\d\d)$/;
const YEARS_ONLY = /^(?:(?:19|20)\d\d[\s,.-]*)+$/;
const CURRENCY_BEFORE = /(?:[$€£¥₹]|\b(?:usd|eur|gbp|inr|rs\.?))\s*$/i;
const CURRENCY_AFTER =
  /^\s*(?:[$€£¥₹%]|(?:usd|eur|gbp|dollars?|euros?|pounds?|bucks|k\b|km|kg|miles?|lbs?|years?|yrs?|times|people|followers|likes|views)\b)/i;

/**
 * Words that name some other number ("order 4471-2290-1183", "case number 2024-118273"):
 * right before the digits, they outweigh a phone number's shape and a cue such as "number".
 * "Account" and the like only with "number" ("my whatsapp account +44..." is a phone).
 */
const OTHER_NUMBER_BEFORE =
  /\b(?:(?:order|tracking|parcel|case|invoice|ticket|reference|ref|booking|reservation|confirmation|receipt|transaction|policy|claim|serial|model|flight|room|table|isbn)\s*(?:number|no\.?|#|id)?|(?:account|member(?:ship)?|customer|patient|student|employee)\s*(?:number|no\.?|#|id))[\s:#.-]*$/i;

const digitsOf = (text: string) => text.replace(/\D/g, '');

function isPhone(text: string, candidate: string, start: number): boolean {
  const trimmed = candidate.replace(/[\s(]+$/, '');
  const digits = digitsOf(trimmed);
  if (digits.length < 7 || digits.length > 15) return false;
  if (DATE_LIKE.test(trimmed) || YEARS_ONLY.test(trimmed)) return false;
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(start + candidate.length, start + candidate.length + 12);
  if (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after)) return false;
  if (OTHER_NUMBER_BEFORE.test(before)) return false;
  if (/^(?:\+|00)/.test(trimmed)) {
    // International form: the + (or 00) and a country code are signal enough.
    const international = `+${trimmed.replace(/^\+|^00/, '')}`;
    return digits.length >= 8 && parsePhoneNumberFromString(international) !== undefined;
  }
  const grouped = /[\s().-]/.test(trimmed);
  const cued = PHONE_CUE.test(before);
  // A bare run of digits is a phone number only when long, national (a leading 0) or cued.
  if (!grouped && digits.length < 10 && !digits.startsWith('0') && !cued) return false;
  for (const country of PHONE_COUNTRIES) {
    if (parsePhoneNumberFromString(trimmed, country)?.isValid()) return true;
  }
  return cued && grouped && digits.length <= 12;
}

function findPhones(text: string, found: PiiMatch[]): void {
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const raw = match[0];
    // A leading "(" belongs to the number only when it closes: "(415) 555-2671".
    const offset = raw.startsWith('(') && !raw.includes(')') ? 1 : 0;
    const candidate = raw.slice(offset).replace(/[\s.-]+$/, '');
    const start = match.index + offset;
    if (isPhone(text, candidate, start)) {
      found.push({ kind: 'phone', start, end: start + candidate.length });
    }
  }
}

function findAll(text: string, pattern: RegExp, kind: PiiKind, found: PiiMatch[]): void {
  for (const match of text.matchAll(pattern)) {
    found.push({ kind, start: match.index, end: match.index + match[0].length });
  }
}

function findHandles(text: string, found: PiiMatch[]): void {
  for (const match of text.matchAll(HANDLE)) {
    const name = match[1] ?? '';
    if (NOT_HANDLES.has(name.toLowerCase())) continue;
    found.push({ kind: 'social', start: match.index, end: match.index + match[0].length });
  }
  for (const match of text.matchAll(NAMED_HANDLE)) {
    const name = match[1] ?? '';
    const end = match.index + match[0].length;
    found.push({
      kind: 'social',
      start: end - name.length - (match[0].includes('@') ? 1 : 0),
      end,
    });
  }
}

function findNames(text: string, found: PiiMatch[]): void {
  for (const match of text.matchAll(FULL_NAME)) {
    const first = match[1] ?? '';
    if (!NAMES.has(withoutAccents(first))) continue;
    const rest = (match[2] ?? '').trim().split(/[ \t]+/);
    // Keep the surname-like words right after the given name; stop at the first that is not.
    let end = match.index + first.length;
    let cursor = end;
    let surnames = 0;
    for (const word of rest) {
      const at = text.indexOf(word, cursor);
      const bare = word.replace(/['’]s$/, '');
      if (NOT_SURNAMES.has(bare.replace(/['’]/g, ''))) break;
      cursor = at + word.length;
      end = at + bare.length;
      surnames += 1;
    }
    if (surnames > 0) found.push({ kind: 'name', start: match.index, end });
  }
}

/** Earlier first; of two overlapping matches, the longer (then the first found) wins. */
function withoutOverlaps(matches: PiiMatch[]): PiiMatch[] {
  const sorted = matches
    .map((match, order) => ({ match, order }))
    .sort(
      (a, b) =>
        a.match.start - b.match.start ||
        b.match.end - b.match.start - (a.match.end - a.match.start) ||
        a.order - b.order,
    );
  const kept: PiiMatch[] = [];
  for (const { match } of sorted) {
    const last = kept.at(-1);
    if (last && match.start < last.end) {
      if (match.end - match.start > last.end - last.start) kept[kept.length - 1] = match;
      continue;
    }
    kept.push(match);
  }
  return kept;
}

/**
 * The finds of the other languages (`lang/`), run on every text (no language is detected).
 * One line per language.
 */
const OTHER_LANGUAGES: readonly ((text: string, found: PiiMatch[]) => void)[] = [
  findPersonalInfoEs,
  findPersonalInfoAr,
];

/** Every item of personal information in `text`, in order, none overlapping. */
export function detectPersonalInfo(text: string): PiiMatch[] {
  const found: PiiMatch[] = [];
  // Order matters on overlaps of equal length: the more specific kind is found first.
  findAll(text, EMAIL, 'email', found);
  findMoreIdentifiers(text, found);
  // Before the phones, so that a wallet's number is read as the wallet's.
  for (const language of OTHER_LANGUAGES) language(text, found);
  findAll(text, SOCIAL_LINK, 'social', found);
  findHandles(text, found);
  for (const pattern of [
    ADDRESS_EN,
    ADDRESS_CUED,
    ADDRESS_NUMBER_FIRST,
    ADDRESS_NUMBER_LAST,
    ADDRESS_COMPOUND,
  ]) {
    findAll(text, pattern, 'address', found);
  }
  findPhones(text, found);
  findNames(text, found);
  return withoutOverlaps(found);
}

/** The kinds found, each once, in the order of `PII_KINDS`. */
export function personalInfoKinds(text: string): PiiKind[] {
  const kinds = new Set(detectPersonalInfo(text).map((match) => match.kind));
  return PII_KINDS.filter((kind) => kinds.has(kind));
}

/**
 * Given names that tags use more often as ordinary words (`christian-dating`, `grace-period`,
 * `jack-of-all-trades`): a tag that starts with one is not read as a full name.
 */
const WORDS_IN_TAGS: ReadonlySet<string> = /*#__PURE__*/ new Set(
  'Amber Bob Christian Crystal Daisy Frank Grace Heather Holly Jack Jade Jasmine Lily Mark Rob Ruby Victor'.split(
    ' ',
  ),
);

/**
 * The kinds of personal information in a tag (normalized: lower case, see `normalizeTag`).
 * Tags are often written as one hyphenated word (`john-smith`, `call-555-0100`), which the
 * checks of running text pass over, so a tag is also read with its hyphens and underscores
 * as spaces, and, for names only, with each word capitalised (`John Smith`).
 */
export function tagPersonalInfoKinds(tag: string): PiiKind[] {
  if (CLEAN_TAGS.has(tag)) return [];
  const kinds = readTag(tag);
  if (kinds.length === 0) {
    if (CLEAN_TAGS.size >= CLEAN_TAGS_MAX) CLEAN_TAGS.clear();
    CLEAN_TAGS.add(tag);
  }
  return kinds;
}

/**
 * Tags already read and found clean. Most posts reuse a few hundred tags, and reading one
 * is every check above run three times (a tenth of a post's work on the server). Only
 * clean tags are kept, so nothing here is personal information; emptied when full.
 */
const CLEAN_TAGS = new Set<string>();
const CLEAN_TAGS_MAX = 5_000;

function readTag(tag: string): PiiKind[] {
  const spaced = tag.replace(/[-_]+/g, ' ');
  const titled = spaced.replace(
    /(^|\s)(\p{Ll})/gu,
    (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`,
  );
  const kinds = new Set<PiiKind>();
  for (const text of [tag, spaced]) {
    for (const match of detectPersonalInfo(text)) kinds.add(match.kind);
  }
  for (const match of detectPersonalInfo(titled)) {
    const first = titled.slice(match.start).split(/\s/, 1)[0] ?? '';
    if (match.kind === 'name' && !WORDS_IN_TAGS.has(first)) kinds.add('name');
  }
  return PII_KINDS.filter((kind) => kinds.has(kind));
}

/** `text` with the given matches (by default every one found) replaced by `[removed]`. */
export function redactPersonalInfo(
  text: string,
  matches: readonly PiiMatch[] = detectPersonalInfo(text),
): string {
  let out = text;
  for (const match of [...matches].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, match.start) + REDACTED + out.slice(match.end);
  }
  return out;
}
