/**
 * The personal-info guard's newer finds (personal-info.ts runs them): e-mail addresses
 * written to dodge a filter ("jane.doe [at] gmail [dot] com"), national ID numbers (with
 * their checksums where the format has one), licence plates introduced as such, and payment
 * handles (Venmo, Cash App, PayPal.me...). Each returns ranges like the other finds.
 */
import type { PiiKind } from '../enums.ts';

interface Found {
  kind: PiiKind;
  start: number;
  end: number;
}

// ---- Obfuscated e-mail addresses ---------------------------------------------------------

/** " at ", "[at]", "(at)", "{at}", "<at>", " @ ": an "@" written out or spaced. */
const AT = String.raw`(?:\s*[\[({<]\s*at\s*[\])}>]\s*|\s+at\s+|\s+@\s*|\s*@\s+)`;
/** " dot ", "[dot]", "(dot)", " . ": a "." written out or spaced. */
const DOT = String.raw`(?:\s*[\[({<]\s*dot\s*[\])}>]\s*|\s+dot\s+|\s+\.\s*|\s*\.\s+|\.)`;
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9_%+-]*[A-Za-z0-9])?';
const TLDS =
  'com|net|org|edu|gov|io|co|uk|us|ca|au|nz|ie|de|fr|es|it|nl|be|ch|at|se|no|dk|fi|pl|pt|br|mx|ar|in|za|ng|ke|ph|jp|me|info|biz|email|mail|online|xyz';
const PROVIDERS =
  'gmail|googlemail|yahoo|hotmail|outlook|live|msn|icloud|me|mac|aol|proton|protonmail|pm|gmx|yandex|mail|zoho|fastmail|tutanota|hey|web|orange|free|libero|btinternet|comcast|verizon|att|sbcglobal';
/** Words before " at " that are not the start of an address ("reach me at ..."). */
const NOT_LOCAL =
  'me|him|her|us|them|you|it|i|we|he|she|they|home|work|school|is|am|are|was|be|there|here|look|looking|arrived|staying|stay|live|lives|living|meet|meeting|see|call|text|email|mail|write|reach|find|contact|message|ping';
const OBFUSCATED_EMAIL = new RegExp(
  String.raw`(?<![\w.@])(?!(?:${NOT_LOCAL})${AT})(${LABEL}(?:${DOT}${LABEL}){0,3})${AT}(${LABEL})((?:${DOT}${LABEL}){0,2}${DOT}(?:${TLDS}))(?![\w@])`,
  'gi',
);

const PROVIDER = new RegExp(`^(?:${PROVIDERS})$`, 'i');

/**
 * "greg dot holt at gmail": no domain ending, but a provider that is only ever an e-mail
 * service, and a local part that only an address has (a dot, a digit or "_"), so "she works
 * at yahoo" passes.
 */
const MAIL_ONLY = 'gmail|googlemail|hotmail|outlook|icloud|protonmail|aol|gmx|yahoo|yandex';
const EMAIL_WITHOUT_ENDING = new RegExp(
  String.raw`(?<![\w.@])(?!(?:${NOT_LOCAL})${AT})(${LABEL}(?:${DOT}${LABEL}){0,3})${AT}(?:${MAIL_ONLY})(?![\w@]|${DOT}[A-Za-z])`,
  'gi',
);

function findObfuscatedEmails(text: string, found: Found[]): void {
  for (const match of text.matchAll(OBFUSCATED_EMAIL)) {
    const [all, , domain = ''] = match;
    const plainAt = /@/.test(all);
    const knownProvider = PROVIDER.test(domain);
    // A spelled-out "at" with an ordinary domain needs a written dot ("dot", "[dot]") or a
    // known provider: "meet me at cafe.com" is rarely an address.
    if (!plainAt && !knownProvider && !/dot/i.test(all)) continue;
    const offset = all.length - all.trimStart().length;
    found.push({
      kind: 'email',
      start: match.index + offset,
      end: match.index + all.trimEnd().length,
    });
  }
  for (const match of text.matchAll(EMAIL_WITHOUT_ENDING)) {
    const [all, local = ''] = match;
    if (!/[\d_.]|dot/i.test(local)) continue;
    const offset = all.length - all.trimStart().length;
    found.push({ kind: 'email', start: match.index + offset, end: match.index + all.length });
  }
}

// ---- National ID numbers -------------------------------------------------------------------

const digitsOf = (s: string) => s.replace(/\D/g, '');

/** Luhn (Canada SIN, South Africa ID). */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
/** Verhoeff (India's Aadhaar). */
function verhoeff(digits: string): boolean {
  let c = 0;
  const reversed = [...digits].reverse();
  for (let i = 0; i < reversed.length; i += 1) {
    c = VERHOEFF_D[c]?.[VERHOEFF_P[i % 8]?.[Number(reversed[i])] ?? 0] ?? 0;
  }
  return c === 0;
}

/** US SSN: area not 000, 666 or 9xx; group not 00; serial not 0000. */
function ssn(digits: string): boolean {
  const area = Number(digits.slice(0, 3));
  return (
    digits.length === 9 &&
    area !== 0 &&
    area !== 666 &&
    area < 900 &&
    digits.slice(3, 5) !== '00' &&
    digits.slice(5) !== '0000'
  );
}

/** Spain: DNI (8 digits) or NIE (X, Y or Z and 7 digits), then the letter of mod 23. */
function spanishId(id: string): boolean {
  const upper = id.toUpperCase().replace(/[\s-]/g, '');
  const nie = { X: '0', Y: '1', Z: '2' }[upper[0] ?? ''];
  const number = Number((nie ?? '') + upper.slice(nie ? 1 : 0, -1));
  return 'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23] === upper.at(-1);
}

/** France: the NIR, 13 digits (Corsica 2A/2B) and a key of 97 - (number mod 97). */
function frenchNir(id: string): boolean {
  const compact = id.toUpperCase().replace(/\s/g, '');
  const body = compact.slice(0, 13).replace('2A', '19').replace('2B', '18');
  const key = Number(compact.slice(13));
  return 97 - Number(BigInt(body) % 97n) === key;
}

const CF_ODD: Record<string, number> = {};
'1 0 5 7 9 13 15 17 19 21 2 4 18 20 11 3 6 8 12 14 16 10 22 25 24 23'
  .split(' ')
  .forEach((value, i) => {
    CF_ODD[String.fromCharCode(65 + i)] = Number(value);
    if (i < 10) CF_ODD[String(i)] = Number(value);
  });
/** Italy: the codice fiscale's last letter checks the 15 before it. */
function italianFiscalCode(id: string): boolean {
  const upper = id.toUpperCase();
  let sum = 0;
  for (let i = 0; i < 15; i += 1) {
    const char = upper[i] ?? '';
    if (i % 2 === 0) sum += CF_ODD[char] ?? 0;
    else sum += /\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26)) === upper[15];
}

/** Brazil: the CPF's two check digits (mod 11). */
function brazilianCpf(id: string): boolean {
  const d = digitsOf(id);
  if (d.length !== 11 || /^(\d)\1+$/.test(d)) return false;
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i += 1) sum += Number(d[i]) * (length + 1 - i);
    const check = ((sum * 10) % 11) % 10;
    if (check !== Number(d[length])) return false;
  }
  return true;
}

/** Netherlands: the BSN's 11-proof. */
function dutchBsn(digits: string): boolean {
  if (digits.length !== 9) return false;
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(digits[i]) * (9 - i);
  sum -= Number(digits[8]);
  return sum % 11 === 0 && sum !== 0;
}

/** A date written YYMMDD (the birth date that starts some ID numbers). */
function yymmdd(digits: string): boolean {
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** Poland: the PESEL's weighted check digit (the month carries the century: +20, +40...). */
function polishPesel(digits: string): boolean {
  if (digits.length !== 11) return false;
  const month = Number(digits.slice(2, 4)) % 20;
  const day = Number(digits.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  const weights = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += Number(digits[i]) * (weights[i] ?? 0);
  return (10 - (sum % 10)) % 10 === Number(digits[10]);
}

/**
 * Words that introduce an ID number: with one, a bare run of digits is checked as an ID. The
 * verb may be another language's "is" ("mój PESEL to", "su NIE es", "mein ... ist").
 */
const ID_CUE =
  /\b(?:ssn|social security(?: number| no\.?| #)?|social insurance(?: number)?|sin|bsn|burgerservicenummer|national insurance(?: number)?|ni number|nino|national id(?: number)?|id number|id no\.?|identity number|identity card|dni|nie|nif|cpf|aadhaar|aadhar|codice fiscale|fiscal code|tax id|tin|personnummer|pesel|numéro de sécurité sociale|sécu)\b[\s:#.-]*(?:number|no\.?|#)?[\s:#.-]*(?:is|was|=|to|es|est|è|é|ist|är|er)?[\s:#-]*$/i;

interface IdFormat {
  pattern: RegExp;
  valid: (match: string) => boolean;
  /** Only after a word such as "SSN" or "BSN" (a bare run of digits is too common). */
  cued?: boolean;
}

const BOUND_START = String.raw`(?<![\w.,/+-])`;
const BOUND_END = String.raw`(?![\w/-]|[.,]\d)`;
const ID_FORMATS: IdFormat[] = [
  // US SSN, grouped: 123-45-6789 or 123 45 6789.
  {
    pattern: new RegExp(`${BOUND_START}\\d{3}([- ])\\d{2}\\1\\d{4}${BOUND_END}`, 'g'),
    valid: (m) => ssn(digitsOf(m)),
  },
  // US SSN, nine bare digits after "SSN".
  {
    pattern: new RegExp(`${BOUND_START}\\d{9}${BOUND_END}`, 'g'),
    valid: (m) => ssn(m),
    cued: true,
  },
  // UK National Insurance number: AB 12 34 56 C.
  {
    pattern: new RegExp(
      `${BOUND_START}(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\\d{2} ?\\d{2} ?\\d{2} ?[A-D]${BOUND_END}`,
      'gi',
    ),
    valid: () => true,
  },
  // Canada SIN: 123-456-782 (Luhn).
  {
    pattern: new RegExp(`${BOUND_START}\\d{3}([- ])\\d{3}\\1\\d{3}${BOUND_END}`, 'g'),
    valid: (m) => luhn(digitsOf(m)),
    cued: true,
  },
  // France NIR: 1 85 05 78 006 084 36.
  {
    pattern: new RegExp(
      `${BOUND_START}[12] ?\\d{2} ?(?:0[1-9]|1[0-2]|[2-9]\\d) ?(?:\\d{2}|2[AB]) ?\\d{3} ?\\d{3} ?\\d{2}${BOUND_END}`,
      'gi',
    ),
    valid: frenchNir,
  },
  // Spain DNI / NIE: 12345678Z, X1234567L.
  {
    pattern: new RegExp(`${BOUND_START}(?:\\d{8}|[XYZ]\\d{7})-?[A-Z]${BOUND_END}`, 'gi'),
    valid: spanishId,
  },
  // Italy codice fiscale: RSSMRA85T10A562S.
  {
    pattern: new RegExp(
      `${BOUND_START}[A-Z]{6}\\d{2}[A-EHLMPR-T]\\d{2}[A-Z]\\d{3}[A-Z]${BOUND_END}`,
      'gi',
    ),
    valid: italianFiscalCode,
  },
  // Brazil CPF: 123.456.789-09.
  {
    pattern: new RegExp(`${BOUND_START}\\d{3}\\.\\d{3}\\.\\d{3}-\\d{2}${BOUND_END}`, 'g'),
    valid: brazilianCpf,
  },
  {
    pattern: new RegExp(`${BOUND_START}\\d{11}${BOUND_END}`, 'g'),
    valid: brazilianCpf,
    cued: true,
  },
  // India Aadhaar: 2345 6789 0123 (Verhoeff), the first digit 2 to 9.
  {
    pattern: new RegExp(`${BOUND_START}[2-9]\\d{3} \\d{4} \\d{4}${BOUND_END}`, 'g'),
    valid: (m) => verhoeff(digitsOf(m)),
  },
  {
    pattern: new RegExp(`${BOUND_START}[2-9]\\d{11}${BOUND_END}`, 'g'),
    valid: verhoeff,
    cued: true,
  },
  // South Africa ID: YYMMDD, four digits, citizenship 0 or 1, any digit, Luhn; 13 digits.
  {
    pattern: new RegExp(`${BOUND_START}\\d{6} ?\\d{4} ?[01]\\d ?\\d${BOUND_END}`, 'g'),
    valid: (m) => yymmdd(digitsOf(m)) && luhn(digitsOf(m)),
    cued: true,
  },
  // Sweden personnummer: YYMMDD-NNNC (or YYYYMMDD-NNNC), Luhn on the last ten digits.
  {
    pattern: new RegExp(`${BOUND_START}(?:19|20)?\\d{6}[-+]?\\d{4}${BOUND_END}`, 'g'),
    valid: (m) => {
      const ten = digitsOf(m).slice(-10);
      return yymmdd(ten) && luhn(ten);
    },
    cued: true,
  },
  // Poland PESEL: 11 digits, the first six a date, a weighted check digit.
  {
    pattern: new RegExp(`${BOUND_START}\\d{11}${BOUND_END}`, 'g'),
    valid: (m) => polishPesel(m),
    cued: true,
  },
  // Netherlands BSN: nine digits, 11-proof, after "BSN".
  {
    pattern: new RegExp(`${BOUND_START}\\d{4}\\.?\\d{2}\\.?\\d{3}${BOUND_END}`, 'g'),
    valid: (m) => dutchBsn(digitsOf(m)),
    cued: true,
  },
];

function findNationalIds(text: string, found: Found[]): void {
  for (const format of ID_FORMATS) {
    for (const match of text.matchAll(format.pattern)) {
      if (!format.valid(match[0])) continue;
      if (format.cued && !ID_CUE.test(text.slice(Math.max(0, match.index - 40), match.index)))
        continue;
      found.push({ kind: 'national_id', start: match.index, end: match.index + match[0].length });
    }
  }
}

// ---- Licence plates ------------------------------------------------------------------------

/** "licence plate", "number plate", "plate number", "reg", "rego", "tag number", "Kennzeichen". */
const PLATE =
  /\b(?:licen[cs]e plates?|number plates?|plate number|plate no\.?|plates?|car reg(?:istration)?|registration(?: number| plate)?|reg(?: number| no\.?)?|rego|tag number|tags|kennzeichen|immatriculation|matrícula|matricula|targa)\b\s*(?:(?:number|no\.?|#)\s*)?(?::|is|are|was|were|reads?|said|says|=|-|of|starting with|starts with|was like|ist|est|es|è)?\s*["“'(]?([A-Z0-9]{1,4}(?:[ ·-]?[A-Z0-9]{1,4}){1,2})(?![\w-])/gi;
const PLATE_CUE_NEEDED =
  /licen[cs]e|number plate|plate number|plate no|reg|rego|tag number|tags|kennzeichen|immatriculation|matr[ií]cula|targa|plates?/i;

function findPlates(text: string, found: Found[]): void {
  for (const match of text.matchAll(PLATE)) {
    const groups = (match[1] ?? '').split(/(?=[ ·-])/);
    // "WX68 PLN and he...": a trailing lower-case word is the sentence, not the plate.
    while (groups.length > 1 && /^[ ·-]?[a-z]+$/.test(groups.at(-1) ?? '')) groups.pop();
    const plate = groups.join('');
    const compact = plate.replace(/[\s·-]/g, '');
    const cue = match[0].slice(0, match[0].length - (match[1] ?? '').length);
    if (!PLATE_CUE_NEEDED.test(cue)) continue;
    // A bare "plate" needs "licence"/"number" before it, unless the words say so ("plates were").
    if (
      /^\s*plates?\s*$/i.test(cue) &&
      !/\b(?:licen[cs]e|number|car|his|her|their|the)\s+$/i.test(
        text.slice(Math.max(0, match.index - 12), match.index),
      )
    )
      continue;
    if (compact.length < 4 || compact.length > 9) continue;
    if (!/\d/.test(compact) || !/[A-Za-z]/.test(compact)) continue;
    const start = match.index + match[0].length - (match[1] ?? '').length;
    found.push({ kind: 'licence_plate', start, end: start + plate.length });
  }
}

// ---- Payment handles -----------------------------------------------------------------------

const PAYMENT_LINK =
  /(?<![\w.@/-])(?:https?:\/\/)?(?:www\.)?(?:paypal\.me|paypal\.com\/paypalme|cash\.app|venmo\.com(?:\/u)?|account\.venmo\.com\/u|revolut\.me|monzo\.me|ko-fi\.com|buymeacoffee\.com|wise\.com\/pay\/me)\/[^\s<>"'()[\]]+/gi;
const PAYMENT_APP =
  '(?:venmo|cash ?app|cashapp|paypal|pay ?pal|revolut|monzo|zelle|ko-?fi|buy me a coffee|apple cash|wise|paytm|upi|gpay|google pay|phonepe|bhim|mobilepay|swish|twint|bizum|lydia|paylib|pix)';
/** "venmo @jane-doe", "my cashapp is $JaneDoe", "paypal: jdoe84", "venmo me jane_doe". */
const PAYMENT_NAMED = new RegExp(
  String.raw`\b${PAYMENT_APP}\b(?:\s+(?:me|handle|username|user|tag|id|account|name))?\s*(?::|-|is|at|@|=)?\s*([@$]?[A-Za-z0-9][\w.-]{1,29}[A-Za-z0-9_])(?![\w@])`,
  'gi',
);
const CASHTAG = /(?<![\w$])\$[A-Za-z][A-Za-z0-9_-]{1,19}(?![\w-])/g;
const PAYMENT_CUE = new RegExp(`${PAYMENT_APP}|\\b(?:send|pay|tip|donate)\\b`, 'i');
const NOT_PAYMENT_WORDS = new Set(
  'me you him her them it is was and or but for to the a an my your his their our me account app please if so too also instead request requests money back now later first tomorrow today everything anything there here'.split(
    ' ',
  ),
);

/**
 * An IBAN: a country code, two check digits, then 11 to 30 letters and digits, bare or in
 * groups of four. Its mod-97 check (ISO 13616) tells it from other codes, so no cue is needed.
 */
const IBAN = /(?<![\w-])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?(?![\w-])/gi;

function ibanValid(compact: string): boolean {
  if (compact.length < 15 || compact.length > 34) return false;
  const upper = compact.toUpperCase();
  let rest = 0;
  for (const char of upper.slice(4) + upper.slice(0, 4)) {
    const value = Number.parseInt(char, 36);
    rest = (value > 9 ? rest * 100 + value : rest * 10 + value) % 97;
  }
  return rest === 1;
}

function findIbans(text: string, found: Found[]): void {
  for (const match of text.matchAll(IBAN)) {
    // "... 1920 5124 and": a trailing group may be the next word; drop groups until it checks.
    const groups = match[0].split(' ');
    while (groups.length > 1 && !ibanValid(groups.join(''))) groups.pop();
    const iban = groups.join(' ');
    if (!ibanValid(iban.replace(/ /g, ''))) continue;
    found.push({ kind: 'payment', start: match.index, end: match.index + iban.length });
  }
}

/**
 * An Indian UPI ID ("priya.k@okhdfcbank"): a name, "@" and a bank's handle with no dot, so
 * not an e-mail address; only near a payment word ("upi", "gpay", "pay"), as "a@b" alone is
 * rarely one.
 */
const UPI_ID = /(?<![\w.@-])[A-Za-z0-9][\w.-]{1,48}[A-Za-z0-9_]@[A-Za-z]{2,20}(?![\w@-]|\.\w)/g;

function findPayments(text: string, found: Found[]): void {
  findIbans(text, found);
  for (const match of text.matchAll(UPI_ID)) {
    const around = text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40);
    if (!PAYMENT_CUE.test(around)) continue;
    found.push({ kind: 'payment', start: match.index, end: match.index + match[0].length });
  }
  for (const match of text.matchAll(PAYMENT_LINK)) {
    found.push({
      kind: 'payment',
      start: match.index,
      end: match.index + match[0].replace(/[.,!?]+$/, '').length,
    });
  }
  for (const match of text.matchAll(PAYMENT_NAMED)) {
    const handle = match[1] ?? '';
    const bare = handle.replace(/^[@$]/, '');
    if (NOT_PAYMENT_WORDS.has(bare.toLowerCase())) continue;
    // A plain word needs a mark of a handle: @ or $, a digit, "_", "-" or ".".
    if (!/^[@$]/.test(handle) && !/[\d_.-]/.test(bare)) continue;
    if (/^\d+(?:[.,]\d+)?$/.test(bare)) continue;
    const start = match.index + match[0].length - handle.length;
    found.push({ kind: 'payment', start, end: start + handle.length });
  }
  for (const match of text.matchAll(CASHTAG)) {
    if (
      !PAYMENT_CUE.test(
        text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40),
      )
    )
      continue;
    found.push({ kind: 'payment', start: match.index, end: match.index + match[0].length });
  }
}

/** Every obfuscated e-mail, national ID, licence plate and payment handle (maybe overlapping). */
export function findMoreIdentifiers(text: string, found: Found[]): void {
  findObfuscatedEmails(text, found);
  findPayments(text, found);
  findNationalIds(text, found);
  findPlates(text, found);
}
