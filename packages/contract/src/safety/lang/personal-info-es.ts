/**
 * The personal-info guard's Spanish finds (issue 40, item 6), run by personal-info.ts on every
 * text beside the English ones: e-mail addresses written with "arroba" and "punto", phone
 * numbers after a Spanish word ("mi cel", "llámame al"), social handles after "mi insta es",
 * streets ("calle de Serrano 88", "Carrera 7 # 45-23"), Mexican CURP and RFC (their check
 * characters), Argentine CUIL/CUIT (mod 11) and, after a cue, DNI and Colombian cédula numbers,
 * licence plates after "matrícula", "placa" or "patente", and payments: Bizum, Nequi,
 * DaviPlata or Mercado Pago with a number or alias, CLABE and CBU/CVU account numbers.
 * The browser runs it in the editors, so it is kept to regular expressions and a few checks.
 */
import type { PiiKind } from '../../enums.ts';

interface Found {
  kind: PiiKind;
  start: number;
  end: number;
}

const push = (found: Found[], kind: PiiKind, start: number, text: string) =>
  found.push({ kind, start, end: start + text.length });

/** The range of group 1 of a match, when the cue before it is not part of the item. */
function pushGroup(found: Found[], kind: PiiKind, match: RegExpMatchArray): void {
  const item = match[1] ?? '';
  push(found, kind, (match.index ?? 0) + match[0].length - item.length, item);
}

// ---- E-mail: "lucia.martinez arroba gmail punto com" ------------------------------------

const ARROBA = String.raw`(?:\s*[[({<]\s*arroba\s*[\])}>]\s*|\s+arroba\s+)`;
const PUNTO = String.raw`(?:\s*[[({<]\s*punto\s*[\])}>]\s*|\s+punto\s+|\.)`;
const PART = '[a-z0-9](?:[a-z0-9_+-]*[a-z0-9_])?';
const TLD = '(?:com|net|org|edu|gob|gov|es|mx|ar|co|cl|pe|uy|ve|ec|bo|py|cr|us|io|me|info)';
const PROVIDER = '(?:gmail|hotmail|outlook|yahoo|live|icloud|protonmail|proton|msn|aol|gmx)';
const EMAIL_ES = new RegExp(
  String.raw`(?<![\w.@])${PART}(?:${PUNTO}${PART}){0,3}${ARROBA}(?:${PART}(?:${PUNTO}|\s+)(?:${TLD}(?:${PUNTO}${TLD})?)|${PROVIDER}(?:${PUNTO}|\s+)(?:${TLD}(?:${PUNTO}${TLD})?)|${PROVIDER})(?![\w@])`,
  'gi',
);

// ---- Phones after a Spanish word ---------------------------------------------------------

const PHONE_CUE =
  '(?:n[uú]mero|cel|celu|celular|m[oó]vil|tel[eé]fono|tel|whats(?:app)?|wasap|wsp|ll[aá]mame|ll[aá]male|escr[ií]beme|escribime|m[aá]rcale|h[aá]blame|mensaje|wasapeame)';
const PHONE_ES = new RegExp(
  String.raw`\b${PHONE_CUE}\b[^\d\n]{0,16}?((?:\+|00)?\d[\d \-.]{6,16}\d)(?![\d.,]*\s*(?:€|euros?|pesos?|d[oó]lares|km|kg|a[nñ]os|h\b|%))`,
  'gi',
);

/** Some other number ("pedido número 123456789"), as OTHER_NUMBER_BEFORE in English. */
const OTHER_NUMBER =
  /\b(?:pedido|env[ií]o|seguimiento|ticket|factura|expediente|referencia|reserva|vuelo|habitaci[oó]n|caso|serie|modelo|socio|cliente|afiliado|p[oó]liza)\b[^\d\n]{0,16}$/i;
const DATE = /^\d{1,2}[.-]\d{1,2}[.-]\d{2,4}$/;

// ---- Social: "mi insta es lucia.rm98", "agrégame al snap, soy dani_vlog07" -------------------

const SOCIAL_ES =
  /\b(?:insta|instagram|ig|tiktok|tik tok|snap|snapchat|twitter|tuiter|face|facebook|threads)\b(?:[\s,:]+(?:es|soy|como|el|la|de|mi|usuario|cuenta|perfil|me|encontr[aá]s|encuentras|b[uú]scame))*[\s,:]+(@?[a-z0-9_][\w.]{1,28}[\w])(?![\w@])/gi;

// ---- Addresses -----------------------------------------------------------------------------

const STREET =
  '(?:calle|c/|avenida|av\\.?|avda\\.?|paseo|plaza|carrera|cra\\.?|diagonal|transversal|pasaje|camino|ronda|calzada|bulevar|boulevard)';
/** A street word, up to four words of its name, a number, and a Colombian "# 45-23". */
const ADDRESS_ES = new RegExp(
  String.raw`\b${STREET}\s+(?:(?:de|del|la|las|los|el)\s+)?(?:[\p{L}.'-]+\s+){0,3}?\d{1,5}[a-z]?\b(?:\s*(?:#|n[°º]|no\.?)\s*\d{1,3}[a-z]?\s*-\s*\d{1,3})?`,
  'giu',
);
/** Lower-case names need a word that says it is one's address ("vivo en la calle..."). */
const ADDRESS_CUE =
  /\b(?:viv[oeií]\w*|direcci[oó]n|domicilio|casa|depa|piso|apartamento|m[aá]nd\w*|env[ií]\w*|buscar|paquete|estoy en)\b[^.\n]{0,20}$/i;

function findAddresses(text: string, found: Found[]): void {
  for (const match of text.matchAll(ADDRESS_ES)) {
    const name = match[0].replace(/^\S+\s+/, '');
    const capitalised = /^(?:(?:de|del|la|las|los|el)\s+)?(?:\p{Lu}|\d)/u.test(name);
    const cued = ADDRESS_CUE.test(text.slice(Math.max(0, match.index - 40), match.index));
    if (capitalised || cued) push(found, 'address', match.index, match[0]);
  }
}

// ---- National IDs ----------------------------------------------------------------------------

/** Value of a character in the CURP's and RFC's check alphabets. */
const valueIn = (alphabet: string, char: string) => alphabet.indexOf(char);

/** Mexico's CURP: 18 characters, the last a check digit over the first 17. */
function curpValid(id: string): boolean {
  const alphabet = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += valueIn(alphabet, id[i] ?? '') * (18 - i);
  return String((10 - (sum % 10)) % 10) === id[17];
}

/** Mexico's RFC of a person (13 characters) or a company (12): a mod-11 check character. */
function rfcValid(id: string): boolean {
  const alphabet = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
  const padded = id.length === 12 ? ` ${id}` : id;
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += valueIn(alphabet, padded[i] ?? '') * (13 - i);
  const rest = sum % 11;
  const check = rest === 0 ? '0' : rest === 1 ? 'A' : String(11 - rest);
  return check === padded[12];
}

/** Argentina's CUIL/CUIT: 11 digits, mod 11. */
function cuitValid(digits: string): boolean {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += Number(digits[i]) * (weights[i] ?? 0);
  const rest = 11 - (sum % 11);
  return (rest === 11 ? 0 : rest === 10 ? 9 : rest) === Number(digits[10]);
}

const CURP = /(?<![\wÑñ])[A-Z]{4}\d{6}[HMX][A-Z]{5}[A-Z0-9]\d(?![\w])/gi;
const RFC = /(?<![\wÑñ&])[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{2}[0-9A](?![\w])/gi;
const CUIT = /(?<![\w-])(?:20|23|24|27|30|33|34)-?\d{8}-?\d(?![\w-])/g;
/** "mi DNI es 34.567.890", "cédula 1.023.456.789", "c.c. 79.456.123", "documento 35.123.456". */
const CUED_ID =
  /\b(?:dni|d\.n\.i\.?|documento|c[eé]dula|c\.\s?c\.?|cc|nie|nif)(?:\s+(?:argentino|de identidad|es|el|de|n[uú]mero|nro\.?|:))*[\s:#]*(\d{1,3}(?:\.\d{3}){2,3}|\d{6,10})(?![\w.]*\d)/gi;

function findIds(text: string, found: Found[]): void {
  for (const match of text.matchAll(CURP)) {
    if (curpValid(match[0].toUpperCase())) push(found, 'national_id', match.index, match[0]);
  }
  for (const match of text.matchAll(RFC)) {
    const id = match[0].toUpperCase();
    const month = Number(id.slice(-7, -5));
    if (month >= 1 && month <= 12 && rfcValid(id))
      push(found, 'national_id', match.index, match[0]);
  }
  for (const match of text.matchAll(CUIT)) {
    if (cuitValid(match[0].replace(/-/g, ''))) push(found, 'national_id', match.index, match[0]);
  }
  for (const match of text.matchAll(CUED_ID)) pushGroup(found, 'national_id', match);
}

// ---- Licence plates ------------------------------------------------------------------------

/** "la matrícula de su coche es 1234 BCD", "placas ABC-123-D", "la patente era AB 123 CD". */
const PLATE_ES =
  /\b(?:matr[ií]cula|placas?|patente|chapa)(?:\s+(?:de|del|la|el|su|mi|tu|coche|carro|auto|moto|camioneta|cami[oó]n|es|son|era|eran|tiene|dice))*\s*:?\s*((?=[A-Z0-9 -]*\d)(?=[A-Z0-9 -]*[A-Z])[A-Z0-9]{2,4}(?:[ -][A-Z0-9]{1,4}){1,2})(?![\w-])/g;

// ---- Payments ------------------------------------------------------------------------------

const PAY_APP = '(?:bizum|nequi|daviplata|mercado ?pago|yape|plin|transfiya)';
/** A payment app, then a phone number: the number is how to pay the writer. */
const PAY_NUMBER = new RegExp(
  String.raw`\b${PAY_APP}\b[^\d\n]{0,20}?(\+?\d[\d -]{7,14}\d)(?![\d.,]*\s*(?:€|euros?|pesos?))`,
  'gi',
);
/** A bank or Mercado Pago alias: "mi alias es luna.sol.mar". */
const ALIAS =
  /\balias\b(?:\s+(?:de|del|en|mi|mercado|pago|mp|banco|la|cuenta|es|el|:))*\s*:?\s*([a-z0-9-]{2,}(?:\.[a-z0-9-]{2,}){1,3})(?![\w.])/gi;
/** CLABE (Mexico, 18 digits) and CBU/CVU (Argentina, 22 digits), bare or after their name. */
const ACCOUNT = /(?<![\d.,-])(\d{18}|\d{22})(?![\d.,-]?\d)/g;
const ACCOUNT_CUE = /\b(?:clabe|cbu|cvu)\b[\s:a-z]{0,12}$/i;

function weighted(digits: string, weights: number[], mod10of = false): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const product = Number(digits[i]) * (weights[i % weights.length] ?? 0);
    sum += mod10of ? product % 10 : product;
  }
  return (10 - (sum % 10)) % 10;
}
const clabeValid = (d: string) => weighted(d.slice(0, 17), [3, 7, 1], true) === Number(d[17]);
const cbuValid = (d: string) =>
  weighted(d.slice(0, 7), [7, 1, 3, 9]) === Number(d[7]) &&
  weighted(d.slice(8, 21), [3, 9, 7, 1]) === Number(d[21]);

function findPayments(text: string, found: Found[]): void {
  for (const match of text.matchAll(PAY_NUMBER)) pushGroup(found, 'payment', match);
  for (const match of text.matchAll(ALIAS)) pushGroup(found, 'payment', match);
  for (const match of text.matchAll(ACCOUNT)) {
    const digits = match[0];
    const cued = ACCOUNT_CUE.test(text.slice(Math.max(0, match.index - 24), match.index));
    const valid = digits.length === 18 ? clabeValid(digits) : cbuValid(digits);
    if (cued || valid) push(found, 'payment', match.index, digits);
  }
}

/** Every Spanish find (maybe overlapping; personal-info.ts keeps the longest). */
export function findPersonalInfoEs(text: string, found: Found[]): void {
  for (const match of text.matchAll(EMAIL_ES)) push(found, 'email', match.index, match[0]);
  findPayments(text, found);
  findIds(text, found);
  for (const match of text.matchAll(PLATE_ES)) pushGroup(found, 'licence_plate', match);
  for (const match of text.matchAll(SOCIAL_ES)) {
    const handle = match[1] ?? '';
    // A plain word is not a handle ("mi ig está privado"): it needs @, a digit, "_" or ".".
    if (/^@|[\d_.]/.test(handle)) pushGroup(found, 'social', match);
  }
  findAddresses(text, found);
  for (const match of text.matchAll(PHONE_ES)) {
    const number = match[1] ?? '';
    const digits = number.replace(/\D/g, '').length;
    if (digits < 8 || digits > 13 || DATE.test(number)) continue;
    if (OTHER_NUMBER.test(text.slice(Math.max(0, match.index - 30), match.index))) continue;
    pushGroup(found, 'phone', match);
  }
}
