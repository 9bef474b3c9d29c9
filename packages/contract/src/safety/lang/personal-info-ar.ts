/**
 * The personal-info guard's Arabic finds (issue 40), run by personal-info.ts beside the
 * others and returning ranges the same way: phone numbers of Egypt, Saudi Arabia, the UAE,
 * Morocco, Jordan and their neighbours in any of the three sets of digits (٠١٠..., ۰۵۵...,
 * 050...); e-mail addresses written with "ات" and "دوت"; the Egyptian national number
 * (14 digits, a date of birth inside), the Saudi ID and Iqama (10 digits from 1 or 2, Luhn)
 * and the Emirates ID (784-YYYY-NNNNNNN-C, Luhn); a handle after "انستا", "سناب" or
 * "تيك توك"; wallets (فودافون كاش, انستاباي, STC Pay) with their number or handle;
 * a house number before "شارع"; a licence plate after "نمرة" or "لوحة"; and a full name
 * after "اسمي" or "اسمه".
 *
 * Arabic-Indic digits are one UTF-16 code unit each, like Latin ones, so the text is read
 * with Latin digits (`latinDigits`) and every range still points into the original.
 * Written from the development part of `corpus/pii-ar.json` only.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import type { PiiKind } from '../../enums.ts';
import { latinDigits, mayBeArabic } from './arabic.ts';

interface Found {
  kind: PiiKind;
  start: number;
  end: number;
}

/** Arabic letters (hamza to yā', with the short vowels). */
const AR = '\\u0621-\\u065F';
/** Not inside a word of either script. */
const BEFORE = `(?<![${AR}A-Za-z0-9_])`;
const AFTER = `(?![${AR}A-Za-z0-9_])`;

const ARAB_COUNTRIES = ['EG', 'SA', 'AE', 'MA', 'JO', 'KW', 'QA', 'BH', 'OM', 'LB'] as const;

/** Digits in groups, maybe "+" or "00" first, or a "+" last (typed right to left). */
const PHONE = /(?<![\w+.,/#-])(\+|\b00)?\d[\d \-\u00a0]{6,18}\d(\+)?(?![\w%])/g;
/** A price, a distance or a count right after the digits. */
const NOT_PHONE_AFTER =
  /^\s*(?:ريال|ر\.س|جنيه|ج\.م|درهم|دينار|دولار|ليره|ليرة|كيلو|كم|متر|سنه|سنة|%|٪)/;
/** Words that name another number: order, invoice, ID card, account. */
const NOT_PHONE_BEFORE =
  /(?:الطلب|طلب|الفاتوره|الفاتورة|الشحنه|الشحنة|الهويه|الهوية|هويتي|الاقامه|الإقامة|إقامتي|اقامتي|القومي|بطاقتي|البطاقه|البطاقة|المدني|الحساب|حساب|الآيبان|الايبان|order)[\s:#]*$/;

function findPhones(text: string, found: Found[]): void {
  for (const match of text.matchAll(PHONE)) {
    const raw = match[0];
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 9 || digits.length > 15) continue;
    const before = text.slice(Math.max(0, match.index - 24), match.index);
    const after = text.slice(match.index + raw.length, match.index + raw.length + 8);
    if (NOT_PHONE_AFTER.test(after) || NOT_PHONE_BEFORE.test(before)) continue;
    const international = match[1] !== undefined || match[2] !== undefined;
    let valid = false;
    if (international) {
      valid = parsePhoneNumberFromString(`+${digits.replace(/^00/, '')}`)?.isValid() ?? false;
    } else if (digits.startsWith('0')) {
      // A national number starts with its trunk 0: a bare "1234567890" is an order number.
      valid = ARAB_COUNTRIES.some(
        (country) => parsePhoneNumberFromString(digits, country)?.isValid() ?? false,
      );
    }
    if (valid) found.push({ kind: 'phone', start: match.index, end: match.index + raw.length });
  }
}

/** "mona.hassan ات جيميل دوت كوم", "khaled.m ات hotmail دوت com". */
const PROVIDER_AR = 'جيميل|جي ميل|جميل|هوتميل|هوت ميل|ياهو|اوتلوك|أوتلوك|ايكلاود|آيكلاود|لايف';
const PROVIDER_LATIN = 'gmail|hotmail|yahoo|outlook|icloud|live|aol|proton|protonmail';
const AR_EMAIL = new RegExp(
  `(?<![\\w.@])[A-Za-z0-9][\\w.%+-]*[A-Za-z0-9_]\\s*(?:ات|آت|أت|@)\\s*(?:${PROVIDER_AR}|${PROVIDER_LATIN})` +
    `(?:\\s*(?:دوت|نقطه|نقطة|\\.)\\s*(?:كوم|نت|اورج|com|net|org|sa|eg|ae|ma|jo))?${AFTER}`,
  'gi',
);

function findEmails(text: string, found: Found[]): void {
  for (const match of text.matchAll(AR_EMAIL)) {
    // An address with a plain "@" is the main guard's (personal-ids.ts reads it spaced too).
    if (!/ات|آت|أت|دوت|نقط/.test(match[0])) continue;
    found.push({ kind: 'email', start: match.index, end: match.index + match[0].length });
  }
}

/** Luhn (the Saudi ID and Iqama, the Emirates ID). */
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

/** Egypt: century (2 or 3), YYMMDD, governorate (01-35 or 88), four digits, a check digit. */
function egyptianId(digits: string): boolean {
  if (!/^[23]\d{13}$/.test(digits)) return false;
  const month = Number(digits.slice(3, 5));
  const day = Number(digits.slice(5, 7));
  const governorate = Number(digits.slice(7, 9));
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 31 &&
    ((governorate >= 1 && governorate <= 35) || governorate === 88)
  );
}

const ID_CANDIDATE = /(?<![\w+-])\d[\d -]{8,20}\d(?![\w%])/g;

function findNationalIds(text: string, found: Found[]): void {
  for (const match of text.matchAll(ID_CANDIDATE)) {
    const digits = match[0].replace(/\D/g, '');
    const saudi = digits.length === 10 && /^[12]/.test(digits) && luhn(digits);
    const emirates = digits.length === 15 && digits.startsWith('784') && luhn(digits);
    if (saudi || emirates || egyptianId(digits)) {
      found.push({ kind: 'national_id', start: match.index, end: match.index + match[0].length });
    }
  }
}

/** "حسابي على انستا sara.m_92", "سنابي mo7amed.10", "insta dyali: salma.ma". */
const SOCIAL_CUE =
  'انستا|الانستا|انستغرام|الانستغرام|انستقرام|الانستقرام|انستجرام|الانستجرام|سناب|سنابي|السناب|سناب شات|تيك توك|تيكتوك|التيك توك|تويتر|اكس|الفيس|فيس|فيسبوك|insta|snap|tiktok';
const SOCIAL_AR = new RegExp(
  `${BEFORE}(?:${SOCIAL_CUE})(?:\\s*(?:[:：-]|على|عليه|اسمه|اسمي|هو|حقي|بتاعي|ديالي|dyali))*\\s*@?([A-Za-z][A-Za-z0-9_.]{1,28}[A-Za-z0-9_])(?![\\w@])`,
  'gi',
);
const NOT_HANDLES = new Set(['story', 'stories', 'reels', 'live', 'dm', 'chat', 'account']);

function findHandles(text: string, found: Found[]): void {
  for (const match of text.matchAll(SOCIAL_AR)) {
    const handle = match[1] ?? '';
    if (NOT_HANDLES.has(handle.toLowerCase())) continue;
    const end = match.index + match[0].length;
    const at = match[0].includes(`@${handle}`) ? 1 : 0;
    found.push({ kind: 'social', start: end - handle.length - at, end });
  }
}

/** Wallets: "فودافون كاش 010...", "انستاباي x@instapay", "STC Pay 05...". */
const WALLET =
  'فودافون كاش|فودافون|اتصالات كاش|اورنج كاش|أورنج كاش|وي باي|انستاباي|انستا باي|إنستاباي|إنستا باي|ستي سي باي|اس تي سي باي|stc ?pay|instapay|vodafone cash';
const WALLET_HANDLE = new RegExp(
  `(?:${WALLET})(?:\\s*(?:[:：-]|على|لرقم|رقم|برقم))*\\s*((?:\\+|00)?[0-9][0-9 -]{7,16}[0-9]|[A-Za-z0-9][\\w.-]*@[A-Za-z]+)(?![\\w@])`,
  'gi',
);
const INSTAPAY_ID = /(?<![\w.@-])[A-Za-z0-9][\w.-]{1,40}@instapay(?![\w@.])/gi;

function findWallets(text: string, found: Found[]): void {
  for (const match of text.matchAll(WALLET_HANDLE)) {
    const handle = match[1] ?? '';
    const start = match.index + match[0].length - handle.length;
    found.push({ kind: 'payment', start, end: start + handle.length });
  }
  for (const match of text.matchAll(INSTAPAY_ID)) {
    found.push({ kind: 'payment', start: match.index, end: match.index + match[0].length });
  }
}

/** A house number, then "شارع" and its name: "١٥ شارع التحرير", "14 share3 el thawra". */
const ADDRESS_AR = new RegExp(
  `${BEFORE}\\d{1,4}\\s+(?:شارع|ش\\.?|زنقه|زنقة|طريق|درب|share3|shar3)\\s+(?:[${AR}A-Za-z]+\\s+){0,2}[${AR}A-Za-z]+`,
  'gi',
);

/** After "نمرة" or "لوحة": digits and single letters ("١٢٣ أ ب ج", "س ط ل ٧٨٩٢", "ABC 1234"). */
const PLATE_CUE = new RegExp(
  `(?:نمر|لوح|plate)[${AR}A-Za-z]*(?:\\s+[${AR}A-Za-z]+){0,4}\\s*[:：]?\\s*$`,
  'i',
);
const LETTER = `[${AR}](?![${AR}])`;
const PLATE_AR = new RegExp(
  `${BEFORE}(?:\\d{1,5}(?:\\s+${LETTER}){1,3}(?:\\s+\\d{1,2})?|(?:${LETTER}\\s+){1,3}\\d{1,5}|[A-Z]{1,3}\\s?\\d{1,5}|\\d{1,5}\\s?[A-Z]{1,3}(?:\\s\\d{1,2})?|\\d{4,5}\\s+(?:دبي|ابوظبي|أبوظبي|الشارقه|الشارقة|عجمان))${AFTER}`,
  'g',
);

function findPlates(text: string, found: Found[]): void {
  for (const match of text.matchAll(PLATE_AR)) {
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    if (!PLATE_CUE.test(before) || /لوحه الاعلانات|لوحة الإعلانات/.test(before)) continue;
    if (!/\d/.test(match[0])) continue;
    found.push({ kind: 'licence_plate', start: match.index, end: match.index + match[0].length });
  }
}

/** "اسمي الكامل سارة محمد العتيبي", "اسمه أحمد مصطفى كمال", "ismi ahmed mahmoud hassan". */
const NAME_CUE = new RegExp(
  `${BEFORE}(?:اسمي|اسمه|اسمها|اسمو|إسمي|إسمه|إسمها|اسم\\s+[${AR}]+|ismi|esmi|esmo|ismo)(?:\\s+(?:الكامل|بالكامل|هو|هي|:))*\\s+`,
  'gi',
);
/** Words that end a name: function words, and what a name is said to be ("حلو", "على اسم"). */
const NOT_NAME = new Set(
  'في من على عن الى إلى بس هو هي وهو وهي حلو جميل غريب صعب طويل زي مثل كان لما اللي ده دي دا هذا هذه لو عشان ومحتاجه ومحتاجة وشغال وشغاله w and 3ayez 3ayza'.split(
    ' ',
  ),
);
/** Given names that start with "و", which is otherwise read as "and". */
const WAW_NAMES =
  /^(?:وليد|وائل|وفاء|وعد|وجدان|وسام|وداد|وحيد|وهبه|وصفي|ولاء|ورده|وردة|وديع|وئام)$/;
const NAME_WORD = new RegExp(`^(?:[${AR}]{2,}|[A-Za-z]{2,})$`);

function findNames(text: string, found: Found[]): void {
  for (const match of text.matchAll(NAME_CUE)) {
    const start = match.index + match[0].length;
    const words = text.slice(start, start + 80).split(/\s+/);
    let end = start;
    let cursor = start;
    let count = 0;
    for (const raw of words.slice(0, 4)) {
      const word = raw.replace(/[،,.!?؟:؛]+$/, '');
      const at = text.indexOf(raw, cursor);
      if (!NAME_WORD.test(word) || NOT_NAME.has(word.toLowerCase())) break;
      if (word.startsWith('و') && !WAW_NAMES.test(word) && count > 0) break;
      count += 1;
      end = at + word.length;
      cursor = at + raw.length;
      if (raw !== word) break;
    }
    if (count >= 2) found.push({ kind: 'name', start, end });
  }
}

/** The Arabic finds of `text` (maybe overlapping one another and the other finds). */
export function findPersonalInfoAr(text: string, found: Found[]): void {
  const latin = latinDigits(text);
  // Wallets first: on a tie with the phone number they hold, the first found is kept. Phone
  // numbers and wallets are read in any text ("whatsapp: 01098765432 kalemny" has no
  // Arabic letter); the rest only where Arabic is written.
  findWallets(latin, found);
  findPhones(latin, found);
  if (!mayBeArabic(text) && latin === text) return;
  findNationalIds(latin, found);
  findEmails(latin, found);
  findHandles(latin, found);
  findPlates(latin, found);
  for (const match of latin.matchAll(ADDRESS_AR)) {
    found.push({ kind: 'address', start: match.index, end: match.index + match[0].length });
  }
  findNames(latin, found);
}
