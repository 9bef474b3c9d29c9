/**
 * The crisis check's concepts: rules over lemmas rather than phrases, so that "cutting
 * again", "he cut himself", "I've been cutting" and "she cuts her arms" are one concept and a
 * new wording of it is found without a new phrase.
 *
 * wink-nlp, with the English model that ships inside its npm package (no download at run
 * time), reads the text: its tokens, their lemmas ("took" is "take", "pills" is "pill"), and
 * its negation scope. Before that, contractions are written out (also without apostrophes:
 * "im", "hes", "dont"), number words become digits ("fifteen" is 15, "twenty four" 24) and
 * "14yo" is "14 year old". The text then becomes one string of lemmas, one space after each,
 * where a punctuation mark is `|` (gaps in a rule never cross one) and a lemma in the scope of
 * a negation within three words ("he did not hit me") carries a `~`. A rule is a regular
 * expression over that string, built from concepts (lists of lemmas, or of lemma sequences):
 * `word(...)` matches a lemma whatever its negation, `yes(...)` only outside one, `gap(n)`
 * up to n lemmas of the same clause. Figures of speech are blanked before the rules run
 * ("killing it", "die of embarrassment", "hit me up"), so no rule sees them.
 *
 * Ages are read apart (`minorWithAdult`): a number said of a person ("I'm 14", "a 25 year
 * old", "he is 30") or a school year ("year 9", "8th grade", "middle school"), an adult in
 * authority (teacher, coach...) with words of intimacy or secrecy.
 */

import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';
import type { CrisisCategory } from '../enums.ts';

type Nlp = ReturnType<typeof winkNLP>;
let NLP: Nlp | undefined;

/** The model is read once, on first use (about 0.3 s), not when the module is imported. */
function nlp(): Nlp {
  NLP ??= winkNLP(model, ['pos', 'negation']);
  return NLP;
}

/** Warms the model (the server calls it at start, so the first post pays nothing). */
export function loadCrisisModel(): void {
  nlp();
}

const CONTRACTIONS: Record<string, string> = {
  im: 'i am',
  ive: 'i have',
  id: 'i would',
  ill: 'i will',
  hes: 'he is',
  shes: 'she is',
  theyre: 'they are',
  youre: 'you are',
  dont: 'do not',
  doesnt: 'does not',
  didnt: 'did not',
  cant: 'can not',
  cannot: 'can not',
  wont: 'will not',
  wouldnt: 'would not',
  couldnt: 'could not',
  shouldnt: 'should not',
  isnt: 'is not',
  arent: 'are not',
  wasnt: 'was not',
  werent: 'were not',
  havent: 'have not',
  hasnt: 'has not',
  hadnt: 'had not',
  aint: 'am not',
  wanna: 'want to',
  gonna: 'going to',
  gotta: 'got to',
  u: 'you',
  ur: 'your',
  bf: 'boyfriend',
  gf: 'girlfriend',
  bff: 'best friend',
  yo: 'year old',
  yr: 'year',
  yrs: 'years',
  od: 'overdose',
  oded: 'overdosed',
  thru: 'through',
  being: 'be',
  clothe: 'clothes',
  cuz: 'because',
  bc: 'because',
  tho: 'though',
  pls: 'please',
  ppl: 'people',
  nobody: 'no one',
};

const UNITS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
};
const ONES: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const NUMBER_WORDS = new RegExp(
  `\\b(?:(${Object.keys(TENS).join('|')})(?:[ -](${Object.keys(ONES).join('|')}))?|(${Object.keys(UNITS).join('|')}))\\b`,
  'g',
);
/** Lemmas wink's model gets wrong for this purpose. */
const LEMMA_FIX: Record<string, string> = {
  rap: 'rape',
  raped: 'rape',
  raping: 'rape',
  messaging: 'message',
  texting: 'text',
  stalking: 'stalk',
  cutting: 'cut',
  following: 'follow',
  watching: 'watch',
  touching: 'touch',
  kissing: 'kiss',
  dating: 'date',
  calling: 'call',
  choking: 'choke',
  hitting: 'hit',
  showing: 'show',
  turning: 'turn',
  tracking: 'track',
  sexting: 'sext',
  thru: 'through',
  neighbour: 'neighbor',
};

/** Lower case, contractions written out, numbers as digits: what wink reads. */
export function prepare(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[’‘`´]/g, "'")
      .replace(/\b(he|she|it|that|there|what|who|where|here)'s\b/g, '$1 is')
      .replace(/\bcan't\b/g, 'can not')
      .replace(/\bwon't\b/g, 'will not')
      .replace(/n't\b/g, ' not')
      .replace(/'m\b/g, ' am')
      .replace(/'re\b/g, ' are')
      .replace(/'ve\b/g, ' have')
      .replace(/'ll\b/g, ' will')
      .replace(/'d\b/g, ' would')
      // "12 years older": an age gap, not an age.
      .replace(/\b(\d+)\s*(?:yrs?|years?) (older|younger)\b/g, '$1 year gap $2')
      .replace(/\b(\d+)\s*(?:y\/?o|yrs? old|years? old)\b/g, '$1 year old')
      .replace(/\b(\d+)(yo|y)\b/g, '$1 year old')
      .replace(/\b(\d+) ?(m|f)\b/g, '$1 year old')
      .replace(/[a-z]+/g, (word) => CONTRACTIONS[word] ?? word)
      .replace(NUMBER_WORDS, (_all, tens?: string, ones?: string, unit?: string) => {
        if (unit) return String(UNITS[unit]);
        return String((TENS[tens ?? ''] ?? 0) + (ONES[ones ?? ''] ?? 0));
      })
  );
}

const NEGATORS = new Set(['not', 'never', 'no', 'neither', 'nor', 'without']);

/** The lemmas, ` `-separated, each followed by a space; `|` for punctuation, `~` if negated. */
export function lemmaString(text: string): string {
  const doc = nlp().readDoc(prepare(text));
  const its = nlp().its;
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.value) as string[];
  const types = doc.tokens().out(its.type) as string[];
  const negated = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const out: string[] = [];
  let sinceNegator = 99;
  for (let i = 0; i < lemmas.length; i += 1) {
    const type = types[i];
    if (type === 'punctuation' || type === 'symbol' || type === 'emoji' || type === 'emoticon') {
      if (out.at(-1) !== '|') out.push('|');
      sinceNegator = 99;
      continue;
    }
    const raw = (lemmas[i] ?? '').toLowerCase();
    if (/^\d+$/.test(raw) || raw === 'thirty') {
      // "thirties" is read "thirty": keep the decade apart from a number.
      const normal = (doc.tokens().itemAt(i)?.out() ?? raw).toLowerCase();
      if (normal !== raw && /ies$/.test(normal)) {
        out.push(normal);
        sinceNegator += 1;
        continue;
      }
    }
    const lemma = LEMMA_FIX[raw] ?? raw;
    if (NEGATORS.has(lemma)) {
      out.push(lemma);
      sinceNegator = 0;
      continue;
    }
    sinceNegator += 1;
    out.push(negated[i] && sinceNegator <= 3 ? `~${lemma}` : lemma);
  }
  return ` ${out.join(' ')} `;
}

// ---- The rule language -------------------------------------------------------------------

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One entry of a concept: lemmas separated by spaces, each maybe negated. */
const seq = (entry: string, negation: 'any' | 'yes') =>
  entry
    .split(' ')
    .map((lemma) => `${negation === 'any' ? '~?' : ''}${esc(lemma)} `)
    .join('');
/** For each concept pattern: the first lemma of each of its entries. */
const FIRSTS = new Map<string, Set<string>>();
function concept(concepts: (string | readonly string[])[], negation: 'any' | 'yes'): string {
  const entries = concepts.flat();
  const pattern = `(?:${entries.map((entry) => seq(entry, negation)).join('|')})`;
  FIRSTS.set(pattern, new Set(entries.map((entry) => entry.split(' ')[0] ?? '')));
  return pattern;
}
/** Any entry of the concepts, whatever its negation. */
const word = (...concepts: (string | readonly string[])[]) => concept(concepts, 'any');
/** Any entry of the concepts, outside a negation. */
const yes = (...concepts: (string | readonly string[])[]) => concept(concepts, 'yes');
/** Up to n lemmas of the same clause. */
const gap = (n: number) => `(?:[^ |]+ ){0,${n}}`;
/** Up to n lemmas, across punctuation too. */
const far = (n: number) => `(?:[^ ]+ ){0,${n}}`;
/**
 * A rule: its pattern, and the lemmas one of which a text must hold for it to match at all
 * (the first lemmas of its rarest required concept), so that most rules are skipped
 * without running: checking a post stays well under a millisecond.
 */
interface Rule {
  pattern: RegExp;
  anchor: ReadonlySet<string> | undefined;
}
/** Lemmas too common to tell texts apart: a concept holding one is no anchor. */
const COMMON = new Set(
  'i me my he him his she her they them their we us our you your it be not do have a the to and of in on at with for that this what someone somebody go get make say tell will would can could'.split(
    ' ',
  ),
);
function rule(...parts: string[]): Rule {
  let anchor: Set<string> | undefined;
  let depth = 0;
  for (const part of parts) {
    if (part === '(?!' || part === '(?:') depth += 1;
    else if (part === ')' || part.endsWith('|$)')) depth = Math.max(0, depth - 1);
    else if (depth === 0) {
      const firsts = FIRSTS.get(part);
      if (firsts && ![...firsts].some((first) => COMMON.has(first))) {
        if (!anchor || firsts.size < anchor.size) anchor = firsts;
      }
    }
  }
  return { pattern: new RegExp(`(?<= )${parts.join('')}`), anchor };
}
function mayMatch(one: Rule, lemmas: ReadonlySet<string>): boolean {
  if (one.anchor === undefined) return true;
  for (const first of one.anchor) if (lemmas.has(first)) return true;
  return false;
}
const lemmaSet = (lemmas: string) =>
  new Set(lemmas.split(' ').map((lemma) => (lemma.startsWith('~') ? lemma.slice(1) : lemma)));

// ---- Concepts ---------------------------------------------------------------------------

const PARTNER = [
  'boyfriend',
  'girlfriend',
  'husband',
  'wife',
  'partner',
  'fiance',
  'fiancee',
  'ex',
  'spouse',
  'man',
  'date',
  'guy',
  'match',
  'mate',
];
/** Who can do harm: a person, not "the suspense" or "this heat". */
const PERSON = [...PARTNER, 'he', 'she', 'they', 'someone', 'somebody', 'stepdad', 'dad', 'father'];
const PARTNER_OR_PRONOUN = [...PARTNER, 'he', 'she', 'they'];
/** Someone harmed: the writer or the friend they write about. */
const VICTIM = ['me', 'her', 'him', 'them', 'us', 'my friend', 'my sister', 'my brother'];
const SELF = ['myself', 'himself', 'herself', 'themselves', 'themself', 'yourself', 'ourselves'];
const HURT = [
  'hit',
  'beat',
  'slap',
  'smack',
  'punch',
  'kick',
  'choke',
  'strangle',
  'shove',
  'push',
  'slam',
  'drag',
  'bite',
  'scratch',
  'attack',
  'stab',
  'burn',
  'hurt',
  'harm',
  'abuse',
  'assault',
  'twist',
  'headbutt',
  'elbow',
  'pin',
  'batter',
];
const BODY = [
  'head',
  'face',
  'throat',
  'neck',
  'arm',
  'hair',
  'nose',
  'stomach',
  'eye',
  'rib',
  'wrist',
  'leg',
  'back',
  'body',
  'jaw',
  'tooth',
  'teeth',
  'lip',
  'finger',
  'shoulder',
];
const LEAVE = [
  'leave',
  'left',
  'break up',
  'broke up',
  'end it',
  'end the relationship',
  'end thing',
  'end things',
  'walk out',
  'split',
  'divorce',
  'go',
  'try to leave',
];
const THREAT = ['threaten', 'threat', 'say', 'tell', 'swear', 'promise', 'warn', 'text'];
const WISH = [
  'want to',
  'wish to',
  'wish i',
  'wish i could',
  'just want to',
  'would rather',
  'rather',
  'feel like',
  'going to',
  'will',
  'plan to',
  'think about',
  'think of',
  'thinking about',
  'ready to',
  'try to',
  'tried to',
  'attempt to',
  'should just',
  'need to',
  'tempt to',
];
const DIE = [
  'die',
  'be dead',
  'dead',
  'disappear forever',
  'disappear for good',
  'stop existing',
  'stop exist',
  'not exist',
  'not be alive',
  'not be here',
  'not wake up',
  'never wake up',
  'go to sleep and not wake up',
  'sleep forever',
  'be go',
  'be gone',
  'be never bear',
  'never be bear',
  'never bear',
  'end my life',
  'end it all',
  'not be around',
  'it to be over',
  'kill myself',
  'unalive myself',
];
const SEX = [
  'sex',
  'have sex',
  'sleep with',
  'slept with',
  'sexual',
  'oral',
  'oral sex',
  'touch',
  'grope',
  'finger',
  'penetrate',
  'do it',
  'do thing',
  'do stuff',
  'do thing in bed',
  'take my clothes off',
  'take off my clothes',
  'take my clothe off',
  'kiss',
  'undress',
  'on top of me',
  'on top of her',
  'inside me',
  'inside her',
];
const INCAPACITATED = [
  'drunk',
  'wasted',
  'blackout',
  'black out',
  'pass out',
  'passed out',
  'asleep',
  'sleep',
  'sleeping',
  'unconscious',
  'high',
  'out of it',
  'drug',
  'drugged',
  'roofie',
  'roofied',
  'barely stand',
  'barely conscious',
  'too drunk',
];
const SAID_NO = [
  'say no',
  'tell him no',
  'tell her no',
  'tell them no',
  'say stop',
  'tell him to stop',
  'tell her to stop',
  'ask him to stop',
  'ask her to stop',
  'not want to',
  'not want it',
  'not in the mood',
  'cry',
  'crying',
  'push his hand away',
  'push her hand away',
  'say i be not ready',
  'not ready',
  'freeze',
  'froze',
  'could not say no',
  'can not say no',
];
const KEPT_ON = [
  'anyway',
  'still',
  'keep go',
  'keep going',
  'keep touch',
  'keep do',
  'keep touching',
  'not stop',
  'would not stop',
  'do it anyway',
  'force',
  'continue',
];
const FORCE = [
  'force',
  'pressure',
  'coerce',
  'make',
  'guilt trip',
  'guilt',
  'blackmail',
  'push',
  'threaten',
  'manipulate',
];
const IMAGES = [
  'nude',
  'nudes',
  'intimate photo',
  'intimate picture',
  'naked photo',
  'naked picture',
  'sex tape',
  'pic',
  'pics',
  'video of me',
  'photo of me',
];
const MONEY = [
  'money',
  'finance',
  'bank',
  'bank account',
  'card',
  'bank card',
  'credit card',
  'paycheck',
  'wage',
  'salary',
  'allowance',
  'cent',
  'spending',
  'every cent',
  'account',
];
const DEVICES = [
  'phone',
  'message',
  'text',
  'dm',
  'email',
  'chat',
  'password',
  'passcode',
  'location',
  'screen time',
  'contact',
  'social media',
  'account',
  'whatsapp',
  'instagram',
];
const PEOPLE = [
  'friend',
  'family',
  'sister',
  'brother',
  'mom',
  'mum',
  'mother',
  'dad',
  'parent',
  'cousin',
  'coworker',
  'colleague',
  'everyone',
  'anyone',
  'other guy',
  'other girl',
  'people',
];
const CHILDREN = ['kid', 'kids', 'child', 'children', 'son', 'daughter', 'baby', 'custody'];

/**
 * The concepts as word classes for the learnt layer (`crisis-model.ts`): a lemma of a class
 * also counts as the class, so that what it learnt of "he hit me" applies to "my husband
 * shoved me".
 */
export const CONCEPT_CLASSES: Readonly<Record<string, readonly string[]>> = {
  partner: PARTNER,
  victim: VICTIM,
  self: SELF,
  hurt: HURT,
  body: BODY,
  leave: LEAVE,
  threat: THREAT,
  wish: WISH,
  die: DIE,
  sex: SEX,
  incapacitated: INCAPACITATED,
  saidno: SAID_NO,
  kepton: KEPT_ON,
  force: FORCE,
  images: IMAGES,
  money: MONEY,
  devices: DEVICES,
  people: PEOPLE,
  children: CHILDREN,
  authority: [
    'teacher',
    'coach',
    'tutor',
    'pastor',
    'counselor',
    'counsellor',
    'instructor',
    'principal',
    'priest',
    'trainer',
  ],
  school: [
    'school',
    'grade',
    'class',
    'freshman',
    'sophomore',
    'junior',
    'homework',
    'pupil',
    'student',
  ],
};

// ---- Figures of speech, blanked before the rules run ----------------------------------

/**
 * Small embarrassments and mishaps that make "I want to die" a figure of speech. Not shame
 * itself ("embarrassed", "mortified"): people write it after an assault too. Not failures
 * either ("an exam", "a presentation"), nor "awkward": hopelessness after failing an exam,
 * or a home made awkward by violence, is the very wish the panel is for.
 */
const EMBARRASSMENT = [
  'accidentally',
  'by accident',
  'embarrassing',
  'cringe',
  'cringy',
  'cringey',
  'voice crack',
  'typo',
  'wrong name',
];

/** Pills and medicines, as wink lemmatises them ("meds" reads "med"). */
const PILLS = [
  'pill',
  'pills',
  'tablet',
  'tablets',
  'med',
  'meds',
  'medication',
  'painkiller',
  'painkillers',
];
const DRUGS = [
  'ibuprofen',
  'tylenol',
  'paracetamol',
  'acetaminophen',
  'advil',
  'aspirin',
  'melatonin',
  'sertraline',
  'xanax',
  'sleeping pill',
];

const FIGURES: Rule[] = [
  rule(word('kill'), word('it')),
  rule(word('be'), word('kill'), word('me'), '(?!', gap(3), word('if'), ')'),
  rule(word('kill'), word('me now', 'me already')),
  rule(word('kill'), word('for', 'this exam', 'the exam')),
  rule(word('die', 'dying', 'dead'), gap(1), word('of', 'for', 'laugh', 'laughing', 'tired')),
  rule(word('die', 'dying'), word('to')),
  rule(word('could', 'would'), gap(1), word('die'), '(?!', gap(1), word('if'), ')'),
  // "I'd rather die than sing": a figure; "rather be dead than live without her" is not.
  rule(
    word('rather'),
    word('die', 'be dead'),
    word('than'),
    '(?!',
    gap(1),
    word('live', 'be without', 'lose', 'go on'),
    ')',
  ),
  rule(word('almost', 'nearly', 'totally', 'literally'), word('die', 'dead', 'dying')),
  rule(word('to die for')),
  // An accident: "I cut myself shaving", "hurt myself on the stairs" (not "on purpose").
  rule(
    word('cut', 'hurt', 'burn'),
    word('myself'),
    '(?!',
    word('on purpose'),
    ')',
    gap(1),
    word(
      'shave',
      'shaving',
      'cook',
      'cooking',
      'by accident',
      'on the stair',
      'at the gym',
      'on the oven',
      'on the stove',
      'on the pan',
      'on the iron',
      'chop',
    ),
  ),
  rule(word('accidentally'), gap(1), word('cut', 'hurt', 'burn'), word('myself')),
  rule(word('drop dead')),
  rule(word('hit'), word('me', 'him', 'her'), word('up')),
  rule(
    word('hit'),
    word('me', 'him', 'her'),
    word('with'),
    gap(3),
    word(
      'line',
      'joke',
      'question',
      'news',
      'pickup line',
      'compliment',
      'truth',
      'text',
      'meme',
      'fact',
      'idea',
      'story',
    ),
  ),
  rule(word('hit'), word('on', 'the gym', 'the nail', 'the road')),
  rule(word('it'), word('hit'), word('me')),
  rule(word('beat'), word('me', 'him', 'her'), word('at', 'in', 'to')),
  rule(
    word('push', 'pushed'),
    word('me', 'him', 'her'),
    word('to', 'on the swing', 'into the pool'),
  ),
  rule(word('push'), word('my', 'his', 'her'), word('button')),
  rule(word('push'), word('each other')),
  rule(word('grab'), word('me', 'him', 'her', 'my', 'his'), word('a', 'hand', 'coffee', 'drink')),
  rule(word('hurt'), word('my', 'his', 'her'), word('feeling', 'feelings', 'back', 'finger')),
  rule(word('throw'), word('me', 'him', 'her'), word('under the bus')),
  rule(
    word('appear', 'show up', 'pop up', 'keep appear'),
    word('in my dream', 'in my dreams', 'in my head', 'in my mind', 'in my feed', 'on my feed'),
  ),
  rule(word('stab'), word('me', 'him', 'her'), word('in the back')),
  rule(word('suicide'), word('squad', 'prevention')),
  rule(word('overdose'), word('of', 'on cute', 'on love')),
  rule(word('rape', 'overdose', 'suicide'), word('crisis', 'unit', 'center', 'centre', 'charity')),
  rule(word('see'), gap(1), word('overdose'), gap(1), word('at work')),
  rule(word('killer', 'stalker', 'murder')),
  rule(word('tickle', 'pillow', 'play'), word('fight')),
  rule(word('part of me'), gap(1), word('die', 'dead', 'died')),
  rule(word('safe word', 'safeword', 'consensual', 'we both want', 'i ask him to', 'i ask her to')),
  rule(
    word('want to disappear', 'disappear'),
    word('for a', 'from social medium', 'from social media'),
  ),
  rule(word('take'), word('my life back')),
  rule(word('kill'), word('time', 'the vibe', 'the mood')),
  // Sport and play: "he pinned me in wrestling practice".
  rule(
    yes(HURT),
    gap(4),
    word(
      'practice',
      'wrestling',
      'training',
      'sparring',
      'boxing',
      'rugby',
      'football',
      'chess',
      'game',
      'match',
      'mario kart',
      'tennis',
    ),
  ),
  // Fiction: "the movie had a scene where she kills herself".
  rule(
    word('movie', 'film', 'scene', 'book', 'show', 'episode', 'song', 'series', 'novel', 'podcast'),
    gap(3),
    word('where', 'about', 'in which', 'when'),
    gap(8),
  ),
  // Hyperbole after a mishap: "I accidentally liked her old photo, I want to die", "I wanted
  // to die when my voice cracked". A small embarrassment in the same post makes the wish a
  // figure; "lol" or "haha" do not (people in crisis write them too).
  rule(word(EMBARRASSMENT), far(12), word(WISH), gap(2), word('die', 'be dead', 'disappear')),
  rule(
    word(WISH),
    gap(2),
    word('die', 'be dead', 'disappear'),
    '(?=',
    far(12),
    word(EMBARRASSMENT),
    ')',
  ),
  // "Stop existing on dating apps for a bit": a break from somewhere, not from living.
  rule(word('stop exist', 'not exist'), word('on', 'online', 'in the group chat')),
  // Winning a game: "he plays fighting games and always beats me".
  rule(
    word('game', 'games', 'chess', 'card', 'cards', 'mario kart', 'tennis', 'pool', 'quiz'),
    gap(3),
    word('always', 'usually', 'never', 'every time', 'easily'),
    word('beat', 'destroy', 'crush', 'win'),
  ),
  // Taken along: "she dragged me to her sister's wedding" ("dragged me to the car" is not).
  rule(
    word('drag', 'pull'),
    word('me', 'him', 'her', 'us'),
    word('to', 'along to', 'along'),
    gap(3),
    word(
      'wedding',
      'party',
      'gym',
      'church',
      'concert',
      'mall',
      'shopping',
      'movie',
      'dinner',
      'brunch',
      'museum',
      'club',
      'bar',
      'yoga',
      'class',
      'event',
      'festival',
    ),
  ),
  // A scar with a harmless cause: "a scar on his arm from a motorbike accident".
  rule(
    word('scar', 'scars'),
    gap(8),
    word('from', 'after'),
    gap(3),
    word('accident', 'surgery', 'operation', 'crash', 'fall', 'injury', 'chickenpox'),
  ),
  // Hyperbole about someone else: "she will die if I don't watch the new season".
  rule(word('he', 'she', 'they', 'you'), word('will', 'would'), word('die'), word('if')),
  // Fiction and study (development part, fourth batch): "my character kills herself in the
  // last chapter", "in my story the villain stalks the heroine", "an essay on domestic abuse".
  rule(word('character', 'villain', 'protagonist', 'heroine', 'narrator'), gap(4)),
  rule(
    word('essay', 'thesis', 'assignment', 'article', 'documentary', 'lecture'),
    word('on', 'about'),
    gap(3),
  ),
  // A mood, not a plan: "I'm going crazy waiting for him to text back".
  rule(word('go', 'drive me'), word('crazy', 'insane', 'mad', 'nut', 'nuts')),
  // A job: "he's a nurse and talks about overdoses at work".
  rule(word('overdose'), gap(2), word('at work')),
  // Social media: "he follows me on every platform and likes everything".
  rule(
    word('follow'),
    word('me', 'him', 'her'),
    word('on'),
    gap(1),
    word('platform', 'instagram', 'insta', 'tiktok', 'twitter', 'snapchat', 'social', 'socials'),
  ),
  // Ending a relationship named in the post: "this relationship is a dead end, I need to end
  // it" (not "end it all", "tonight" or "for good").
  rule(
    word('relationship', 'situationship', 'marriage', 'engagement'),
    far(8),
    word('end it'),
    '(?!',
    word('all', 'tonight', 'for good'),
    ')',
  ),
];

/**
 * Consensual kink: a safe word, "consensual", "I asked him to". Outside a negation, it
 * silences violence and coercion (not an ignored safe word: "he ignored the safe word").
 */
const CONSENT = rule(
  yes(
    'safe word',
    'safeword',
    'consensual',
    'i ask him to',
    'i ask her to',
    'we discuss it',
    'we both like',
    'we both love',
    'we both want',
    'into bdsm',
    'into kink',
    'we both agree',
    'we agree to it',
    'we agree on it',
    'we agree beforehand',
    'i ask my partner to',
    'i ask my boyfriend to',
    'i ask my girlfriend to',
    'i ask my husband to',
    'i ask my wife to',
    'playfully',
    'jokingly',
  ),
);
const CONSENT_BROKEN = rule(word('ignore', 'not respect', 'anyway', 'without asking', 'not stop'));
export const isConsensual = (lemmas: string) =>
  CONSENT.pattern.test(lemmas) && !CONSENT_BROKEN.pattern.test(lemmas);

/**
 * A mutual arrangement: "it works for us", "I check his too". It silences the rules of
 * coercive control and stalking (checking, money, locations), which read one-sided control.
 */
const MUTUAL = rule(
  yes(
    'it work for us',
    'it work for both of us',
    'work well for us',
    'we both share',
    'we share our location',
    'we share location',
    'we check each other',
  ),
);
const MUTUAL_CHECK = rule(
  word('i'),
  yes('check', 'see', 'track', 'read'),
  gap(2),
  word('his', 'hers', 'theirs', 'her'),
  gap(1),
  word('too', 'as well'),
);
/** Signs that the "mutual" side is not: anger, obligation, his word for it. */
const MUTUAL_BROKEN = rule(
  word(
    'angry',
    'mad',
    'have to',
    'make me',
    'not let',
    'not allow',
    'punish',
    'force',
    'threaten',
    'or else',
    'he say',
    'she say',
    'they say',
  ),
);
const isMutual = (lemmas: string) =>
  (MUTUAL.pattern.test(lemmas) || MUTUAL_CHECK.pattern.test(lemmas)) &&
  !CONSENT_BROKEN.pattern.test(lemmas) &&
  !MUTUAL_BROKEN.pattern.test(lemmas);

const blank = (s: string) => s.replace(/[^ |]/g, '#');

const FIGURES_GLOBAL = /*#__PURE__*/ FIGURES.map((figure) => ({
  ...figure,
  pattern: new RegExp(figure.pattern.source, 'g'),
}));

function withoutFigures(lemmas: string, present: ReadonlySet<string>): string {
  let out = lemmas;
  for (const figure of FIGURES_GLOBAL) {
    if (mayMatch(figure, present)) out = out.replace(figure.pattern, blank);
  }
  return out;
}

// ---- Rules per category -------------------------------------------------------------------

const RULES: Record<Exclude<CrisisCategory, 'minor_with_adult'>, Rule[]> = {
  self_harm: [
    rule(word('suicide', 'suicidal', 'self harm', 'self - harm', 'selfharm', 'unalive', 'noose')),
    rule(
      word('can not', 'not'),
      gap(1),
      word(
        'go on',
        'keep living',
        'keep live',
        'keep go',
        'do this anymore',
        'take it anymore',
        'take this anymore',
      ),
      '(?!',
      word('with', 'a', 'like this with', 'date', 'dating', 'the'),
      ')',
      '(?:',
      far(6),
      word('life', 'live', 'living', 'alive', 'pain', 'anymore', 'die', 'end'),
      ')',
    ),
    rule(word('not worth'), gap(1), word('living', 'live', 'it anymore', 'be alive')),
    rule(
      word('can not', 'not'),
      gap(4),
      word('keep going', 'keep go', 'go on', 'hold on', 'last'),
      gap(1),
      word('much longer', 'any longer', 'like this'),
    ),
    rule(
      word('if i'),
      gap(1),
      word('be not here', 'be not around', 'be not alive', 'be go', 'be dead', 'be no longer here'),
    ),
    rule(
      word('going to', 'go to', 'will', 'want to', 'plan to', 'about to'),
      word('jump'),
      '(?:',
      word('tonight', 'today', 'off', 'now', 'from'),
      '|[|] |$)',
    ),
    rule(
      word('hit me', 'kill me', 'take me', 'run me over'),
      gap(3),
      word('not mind', 'not care', 'be okay with', 'welcome', 'be fine with', 'be glad'),
    ),
    rule(
      word('peaceful', 'easy', 'easier', 'relief', 'nice'),
      gap(4),
      word('never wake up', 'not wake up', 'not exist', 'be dead', 'die', 'be go'),
    ),
    rule(word('life'), gap(2), word('not worth'), gap(1), word('living', 'live', 'it')),
    rule(word('give up on'), word('life', 'living', 'everything')),
    rule(
      word('wish'),
      gap(1),
      word('i'),
      gap(1),
      word(
        'be dead',
        'be not alive',
        'be never bear',
        'not be alive',
        'never wake',
        'could die',
        'die',
        'be go',
      ),
    ),
    rule(
      word(
        'no way out',
        'end the pain',
        'end my pain',
        'end my suffering',
        'make the pain stop',
        'hang myself',
        'hang herself',
        'hang himself',
      ),
    ),
    rule(
      word('scar', 'scars', 'fresh cut', 'fresh cuts'),
      gap(4),
      word(
        'arm',
        'arms',
        'wrist',
        'wrists',
        'thigh',
        'thighs',
        'leg',
        'legs',
        'hide',
        'sleeve',
        'sleeves',
        'myself',
        'again',
      ),
    ),
    rule(word('overdose', 'overdosed')),
    // Methods and their questions, in the words of posts wink reads oddly ("stockpiling",
    // "med"): many pills at once, bleach, a lethal dose, a car into a tree.
    rule(
      word('collect', 'stockpile', 'stockpiling', 'save up', 'hoard', 'hoarding'),
      gap(4),
      word(PILLS),
    ),
    rule(
      word('swallow', 'take', 'drank', 'drink'),
      gap(1),
      word(
        'a bottle of',
        'half a bottle of',
        'a whole bottle of',
        'the whole bottle of',
        'a box of',
      ),
      gap(2),
      word(PILLS, DRUGS),
    ),
    rule(word('take', 'swallow'), gap(2), '(?:[1-9][0-9]) ', gap(3), word(PILLS, DRUGS)),
    rule(word('drank', 'drink', 'swallow'), word('bleach')),
    rule(word('lethal dose', 'fatal dose', 'bleed out', 'how many pill', 'how many pills')),
    rule(
      word('least painful way', 'painless way'),
      word('to go', 'to die', 'to end it', 'out'),
      '(?:[|] |$)',
    ),
    rule(
      word(WISH),
      gap(2),
      word('drive into', 'driving into', 'crash', 'swerve into', 'swerving into', 'walk into'),
      gap(1),
      word(
        'a tree',
        'a wall',
        'oncoming traffic',
        'traffic',
        'the sea',
        'the ocean',
        'the river',
        'the lake',
        'the car',
        'a truck',
      ),
    ),
    rule(word('sit', 'sat'), word('in the garage'), gap(3), word('car run', 'engine run')),
    rule(
      word('sit', 'stand', 'stood'),
      word('on the roof', 'on the ledge', 'on the edge'),
      gap(4),
      word('right now', 'tonight'),
    ),
    // Injuring one's own body: carving into it, or until it bleeds.
    rule(
      word('carve', 'carving', 'etch'),
      gap(3),
      word('into'),
      word('my', 'her', 'his'),
      word('arm', 'arms', 'thigh', 'thighs', 'wrist', 'wrists', 'skin', 'leg', 'legs', 'stomach'),
    ),
    rule(
      yes('scratch', 'bang', 'hit', 'cut', 'burn', 'pick', 'punch'),
      word('my', 'her', 'his'),
      gap(1),
      word(BODY, 'skin', 'leg', 'legs', 'thigh', 'thighs', 'wrist', 'wrists', 'arm', 'arms'),
      gap(6),
      word(
        'until it bleed',
        'till it bleed',
        'until i bleed',
        'till i bleed',
        'until i see star',
        'till i see star',
        'with a hammer',
        'with a razor',
        'with a blade',
        'with a lighter',
      ),
    ),
    rule(
      word('i', 'she', 'he'),
      gap(2),
      word('cut', 'cutting'),
      word('every night', 'every day', 'deep', 'deeper', 'each time'),
    ),
    rule(
      word('keep', 'have', 'hide', 'carry'),
      gap(1),
      word('a blade', 'a razor', 'a razor blade', 'razor blades', 'blades'),
      gap(4),
      word('for when', 'for bad', 'just in case', 'in case'),
    ),
    rule(
      word('rope', 'noose', 'blade', 'razor', 'gun', 'pill', 'pills'),
      gap(6),
      word('keep look at', 'keep stare at', 'keep think about'),
      word('it', 'them'),
    ),
    // Warning signs: a note, a will, belongings given away with goodbyes, a date set.
    rule(
      word('write', 'wrote', 'writing'),
      gap(1),
      word('the note', 'goodbye note', 'a goodbye note', 'goodbye letter', 'goodbye letters'),
      '(?:[|] |$)',
    ),
    rule(word('write', 'wrote', 'writing'), word('a will', 'my will', 'note to people explain')),
    rule(
      word('give away', 'giving away', 'gave away'),
      gap(3),
      word('stuff', 'thing', 'things', 'belonging', 'belongings', 'possession', 'possessions'),
      far(10),
      word('goodbye'),
    ),
    rule(
      word('thanks for everything', 'thank you for everything'),
      far(8),
      word('take care of my'),
    ),
    rule(word('a plan and a date', 'a date and a plan', 'a plan and a method')),
    rule(word('attempt'), word('before', 'twice', 'once', 'last year'), '(?!', word('to'), ')'),
    rule(word('pray', 'hope', 'hoping'), gap(3), word('not wake up', 'never wake up')),
    rule(
      word('only way out', 'only escape'),
      gap(3),
      word('die', 'dying', 'death', 'suicide', 'end it', 'kill myself'),
    ),
    rule(word('no reason to'), word('keep go', 'keep going', 'live', 'be alive'), '(?:[|] |$)'),
    rule(
      word('fantasize', 'fantasise', 'imagine', 'dream'),
      gap(2),
      word('my own funeral', 'my funeral'),
    ),
    rule(word('not worth'), word('saving', 'save')),
    rule(word('with me', 'of me'), word('much longer', 'for much longer')),
    rule(
      yes(
        'kill',
        'hurt',
        'harm',
        'cut',
        'burn',
        'hang',
        'starve',
        'hit',
        'punish',
        'shoot',
        'stab',
        'drown',
        'poison',
        'scratch',
        'unalive',
        'off',
      ),
      gap(1),
      word(SELF),
    ),
    rule(
      yes('end', 'take', 'ending'),
      word('my', 'his', 'her', 'their'),
      gap(1),
      word('life', 'own life'),
    ),
    rule(
      // Not someone else ending it: "I cried all night after he ended it".
      '(?<!(?:he|she|they|we|you|who|~he|~she|~they|~we) )',
      yes('end', 'ending'),
      word('it'),
      '(?:',
      word('all', 'tonight', 'for good', 'now', 'soon', 'today', 'this weekend'),
      '|[|] |$)',
    ),
    rule(
      '(?<!we |should |to )',
      word('try', 'tried', 'attempt', 'attempted'),
      word('to'),
      word('end it', 'end my life', 'end things'),
      '(?!',
      word('with', 'between', 'nicely', 'politely', 'properly', 'gently'),
      ')',
    ),
    rule(word('hate', 'tired of'), word('being alive', 'be alive', 'exist', 'existing')),
    rule(word('can not'), word('live like this', 'live anymore', 'keep living', 'keep live')),
    rule(word('i be'), gap(1), word('a burden', 'such a burden')),
    rule(
      word('collect', 'stockpile', 'save up', 'hoard', 'saving', 'save'),
      gap(3),
      word('pill', 'pills', 'tablet', 'tablets', 'meds', 'medication'),
    ),
    rule(word(WISH), gap(4), word(DIE.filter((entry) => entry !== 'be go'))),
    // "I want to be gone" reads "be go"; "I'm going to pass out" reads "be go to", the future.
    rule(word(WISH), gap(4), word('be go'), '(?!~?to )'),
    rule(
      word('want', 'wish', 'need'),
      gap(2),
      word('it', 'everything', 'it all', 'life'),
      word('to'),
      gap(1),
      word('be over', 'end', 'stop'),
      gap(1),
      word('for good', 'forever', 'permanently'),
    ),
    rule(word('die', 'dying', 'death', 'dead'), gap(4), word('welcome', 'look forward')),
    rule(
      word('pray', 'long', 'wish', 'hope'),
      gap(1),
      word('for death', 'to die', 'death', 'to not wake', 'i die', 'i be dead'),
    ),
    rule(
      yes('i'),
      gap(2),
      word('not'),
      gap(1),
      word('want', 'wanna', 'wish'),
      gap(2),
      word(
        'to live',
        'live',
        'be alive',
        'alive',
        'exist',
        'wake up',
        'be here',
        'be around',
        'go on',
      ),
      '(?!',
      word(
        'with',
        'in',
        'together',
        'near',
        'there',
        'alone',
        'early',
        'at',
        'for',
        'before',
        'a',
        'another',
        'date',
        'dating',
        'holiday',
        'vacation',
        'trip',
        'the',
      ),
      ')',
    ),
    rule(
      word('no point', 'pointless', 'no reason', 'not see the point'),
      gap(4),
      word('live', 'living', 'alive', 'life', 'be here', 'go on', 'exist', 'existing'),
      '(?!',
      word(
        'with',
        'in',
        'together',
        'near',
        'there',
        'alone',
        'a',
        'another',
        'date',
        'dating',
        'holiday',
        'vacation',
        'trip',
        'the',
        'app',
        'apps',
      ),
      ')',
    ),
    rule(word('life'), gap(1), word('be'), gap(1), word('pointless', 'meaningless', 'not worth')),
    rule(word('nothing', 'no'), gap(1), word('left'), gap(1), word('to live for')),
    rule(
      word(
        'nothing to live for',
        'nothing leave to live for',
        'nothing left to live for',
        'no reason leave to live',
        'no reason to live',
      ),
    ),
    rule(
      word('tired of', 'done with', 'do with', 'sick of'),
      word('living', 'live', 'life', 'being alive', 'be alive'),
    ),
    rule(
      word('better off', 'well off', 'happy', 'happier', 'better', 'well', 'good'),
      gap(3),
      word(
        'without me',
        'if i be go',
        'if i be not around',
        'if i be dead',
        'if i die',
        'without me in it',
      ),
    ),
    rule(
      word('care', 'notice', 'miss me'),
      gap(2),
      word('if i'),
      gap(1),
      word('die', 'be dead', 'be go', 'kill myself'),
    ),
    rule(
      word('take', 'swallow', 'overdose on', 'down'),
      gap(3),
      word('handful', 'bottle', 'all', 'every', 'too many', 'whole', 'bunch', 'entire'),
      gap(4),
      word(
        'pill',
        'tablet',
        'paracetamol',
        'medication',
        'med',
        'meds',
        'antidepressant',
        'sleeping pill',
        'painkiller',
        'insulin',
      ),
    ),
    rule(
      word('think', 'thought', 'plan', 'planned', 'figure out', 'decide', 'research'),
      gap(2),
      word('how', 'when', 'where'),
      gap(2),
      word('do it', 'end it', 'kill myself', 'would do it', 'will do it', 'go through with it'),
    ),
    rule(word('do something'), gap(2), word('to myself', 'to herself', 'to himself')),
    rule(
      word('step', 'jump', 'walk', 'throw myself'),
      gap(3),
      word('off', 'in front of', 'into', 'onto', 'under'),
      gap(3),
      word(
        'train',
        'track',
        'tracks',
        'platform',
        'bridge',
        'ledge',
        'roof',
        'traffic',
        'car',
        'bus',
        'cliff',
        'balcony',
      ),
    ),
    rule(
      word('platform', 'ledge', 'edge', 'bridge', 'roof'),
      gap(6),
      word('step off', 'jump', 'fall', 'stepping off', 'let go'),
    ),
    rule(
      word('goodbye', 'farewell'),
      gap(1),
      word('letter', 'note', 'message', 'text', 'post', 'video', 'letters', 'notes'),
    ),
    rule(
      word('pill', 'pills', 'tablet', 'tablets', 'med', 'meds'),
      gap(3),
      word('be enough', 'would be enough', 'enough to'),
    ),
    rule(
      word('how many', 'how much'),
      gap(3),
      word('pill', 'tablet', 'paracetamol', 'med', 'meds'),
    ),
    rule(word('painless', 'quick', 'easy'), gap(1), word('way to die', 'way to go', 'death')),
    rule(
      word('jump', 'jumping'),
      gap(2),
      word('off', 'from', 'in front of'),
      gap(2),
      word('bridge', 'roof', 'building', 'cliff', 'train', 'balcony'),
    ),
    rule(word('edge of the roof', 'edge of the bridge')),
    rule(
      word('slit', 'slash', 'cut'),
      gap(1),
      word('wrist', 'wrists', 'my wrist', 'your wrist', 'my wrists', 'your wrists'),
    ),
    rule(word('razor', 'blade'), gap(3), word('wrist', 'arm', 'thigh', 'skin')),
    rule(word('wrist', 'arm', 'thigh'), gap(3), word('razor', 'blade')),
    rule(
      word('drive'),
      gap(2),
      word('car'),
      gap(1),
      word('into'),
      gap(2),
      word('tree', 'wall', 'truck'),
    ),
    rule(word('buy', 'bought', 'get'), word('a'), word('rope', 'gun')),
    rule(word('suicide'), word('letter', 'note', 'letters', 'notes')),
    rule(
      yes('cut', 'cutting', 'start cutting', 'be cut'),
      '(?:',
      word(
        'again',
        'myself',
        'herself',
        'himself',
        'her arm',
        'my arm',
        'his arm',
        'my thigh',
        'her thigh',
        'my leg',
        'her leg',
        'since',
        'for',
      ),
      '|[|] |$)',
    ),
    rule(
      word('be', 'start', 'keep'),
      word('cut', 'cutting'),
      '(?:',
      word('again', 'since', 'and', 'for'),
      '|[|] |$)',
    ),
    rule(word('relapse'), gap(3), word('hurt', 'cut', 'harm', 'self harm')),
    rule(
      word('not'),
      gap(2),
      word('be around', 'be here'),
      gap(1),
      word('much longer', 'long', 'for long'),
    ),
    rule(word('give'), gap(1), word('stuff', 'thing', 'belongings'), word('away')),
    rule(word('burden'), gap(4), word('everyone', 'better off', 'family')),
    rule(word('i'), gap(2), word('just'), gap(0), word('die')),
    rule(word('want'), gap(1), word('out'), word('|', 'for good', 'of life', 'of this life')),
    // Written from the development part's out-of-fold misses (fourth batch, 2026-12-07):
    // "self-harm" as one word, hurting oneself "until they bleed", a knife to the wrist, a
    // stash of pills, things given away "I won't need", affairs put in order, the wish to
    // "end things" or "stop breathing", the thought of not existing.
    rule('self (?:[|] )?harm '),
    rule(
      word('scratch', 'punch', 'bang', 'hit', 'pick', 'bite'),
      gap(4),
      word('until'),
      gap(3),
      word('bleed', 'split', 'bruise'),
    ),
    rule(word('bang my head'), gap(1), word('against', 'on')),
    rule(word('knife', 'blade', 'razor'), word('to my'), word('wrist', 'throat', 'arm')),
    rule(word('stash', 'hide', 'hidden'), gap(3), word(PILLS)),
    rule(word('swallow'), gap(1), word('everything', 'all', 'the whole')),
    rule(
      word('give away', 'give'),
      far(10),
      word('not need'),
      gap(1),
      word('it back', 'them', 'it'),
    ),
    rule(word('put', 'get'), word('everything', 'my affair', 'my affairs'), word('in order')),
    rule(
      word(WISH),
      gap(2),
      word('end thing', 'stop breathe', 'stop breathing', 'let go for good', 'not have to wake'),
      // "End things with him" is a breakup.
      '(?!',
      word('with'),
      ')',
    ),
    rule(
      word('think about', 'thought about'),
      word('end thing', 'end it', 'not exist', 'end my life'),
      '(?!',
      word('with'),
      ')',
    ),
    rule(word('thought of', 'idea of'), word('not exist', 'not be here', 'be dead')),
    rule(word('not see myself make it'), word('to', 'through', 'past')),
    rule(word('only thing'), gap(2), word('stop me', 'keep me here', 'keep me alive')),
  ],
  partner_abuse: [
    rule(
      word('throw', 'shove', 'push'),
      word('me', 'her', 'him'),
      word('to the ground', 'to the floor', 'on the floor', 'onto', 'off', 'out of'),
    ),
    rule(
      word(PERSON),
      gap(3),
      yes('shake'),
      word('me', 'her'),
      gap(1),
      word('so hard', 'hard', 'until', 'violently'),
    ),
    rule(
      word('kill me', 'hurt me', 'harm me', 'beat me', 'find me', 'kill her', 'hurt her'),
      far(8),
      word('if', 'when', 'whenever'),
      gap(4),
      word(LEAVE),
    ),
    rule(
      word(PERSON),
      gap(4),
      yes('grab', 'squeeze', 'hold', 'yank', 'pull', 'twist'),
      gap(1),
      word(BODY.flatMap((part) => [`my ${part}`, `her ${part}`])),
      gap(4),
      word('so hard', 'hard', 'mark', 'marks', 'bruise', 'bleed', 'hurt', 'until'),
    ),
    rule(
      word(PERSON),
      gap(6),
      yes(HURT),
      gap(2),
      word(VICTIM, ...BODY.flatMap((part) => [`my ${part}`, `her ${part}`, `his ${part}`])),
    ),
    rule(
      word(PERSON),
      gap(3),
      yes('gave', 'give'),
      word('me', 'her', 'him'),
      word('a black eye', 'bruise', 'bruises', 'black eye'),
    ),
    rule(
      word(PERSON),
      gap(4),
      yes('grab', 'grabbed', 'hold', 'drag'),
      gap(3),
      word('throat', 'neck', 'hair', 'by the throat', 'by the neck', 'by the hair'),
    ),
    rule(word(PERSON), gap(3), yes('beat'), word('me', 'her', 'him'), word('up')),
    rule(
      word(PERSON),
      gap(3),
      yes('threaten', 'threatened'),
      word('me', 'my life', 'to hurt me', 'to kill me'),
    ),
    rule(
      word('scared of', 'afraid of', 'terrified of', 'frightened of'),
      word(
        'him',
        'my boyfriend',
        'my girlfriend',
        'my husband',
        'my wife',
        'my partner',
        'my ex',
        'my fiance',
      ),
      '(?:[|] |$|',
      word('when', 'because', 'he', 'she', 'and', 'now'),
      ')',
    ),
    rule(
      word('put', 'lay', 'laid', 'raise', 'raised'),
      gap(1),
      word('his', 'her', 'a'),
      word('hand', 'hands', 'finger'),
      gap(1),
      word('on me', 'on her', 'to me', 'to her'),
    ),
    rule(
      word('afraid', 'scared', 'fear', 'fearing', 'terrified'),
      word('for'),
      word('my', 'her'),
      word('life', 'safety'),
    ),
    rule(
      word(
        'restraining order',
        'protective order',
        'domestic abuse',
        'domestic violence shelter',
        'refuge',
      ),
    ),
    rule(
      word(PERSON),
      gap(4),
      yes('put', 'wrap', 'have'),
      gap(1),
      word('hand', 'hands', 'arm'),
      gap(1),
      word('around', 'on', 'over'),
      word('my', 'her'),
      word('neck', 'throat', 'mouth'),
    ),
    rule(word('hole'), gap(2), word('wall'), gap(3), word('head', 'face')),
    rule(
      word('bruise', 'bruises'),
      far(6),
      word(
        'from where',
        'because of',
        'where he',
        'where she',
        'after he',
        'after she',
        'he give',
        'she give',
        'he leave',
        'say i fall',
        'say i fell',
        'make excuse',
        'excuse',
        'hide',
      ),
    ),
    rule(
      word(PERSON),
      gap(3),
      word('be', 'get', 'become'),
      gap(1),
      word('violent', 'abusive', 'physical'),
    ),
    rule(
      word('physically', 'domestic'),
      gap(1),
      word('abuse', 'abusing', 'abusive', 'violence', 'violent'),
    ),
    rule(
      word('be', 'being', 'get'),
      word('abuse', 'abused', 'beat', 'beaten', 'physically abuse', 'beat up', 'hit'),
    ),
    rule(word('abusive relationship', 'abusive partner', 'abusive boyfriend', 'abusive husband')),
    rule(
      word('threaten', 'threatened'),
      gap(2),
      word('me', 'her'),
      gap(1),
      word('with'),
      gap(2),
      word('knife', 'gun', 'weapon', 'bat'),
    ),
    rule(
      word('attack'),
      gap(3),
      word('with'),
      gap(2),
      word('knife', 'gun', 'weapon', 'bat', 'bottle'),
    ),
    rule(
      word(
        'kill me',
        'hurt me',
        'harm me',
        'beat me',
        'find me',
        'kill her',
        'hurt her',
        'regret',
        'be dead',
        'dead',
        'not live',
        'sorry',
        'hospital',
        'do to me',
        'make me pay',
        'come after me',
        'end up',
        'use it',
        'burn',
      ),
      far(8),
      word('if', 'when', 'whenever'),
      gap(2),
      word(LEAVE),
    ),
    rule(
      word('if', 'when'),
      gap(2),
      word(LEAVE),
      far(8),
      word(
        'kill me',
        'hurt me',
        'beat me',
        'find me',
        'regret',
        'hospital',
        'do to me',
        'make me pay',
        'come after me',
      ),
    ),
    rule(
      word('scared', 'afraid', 'terrified', 'fear', 'frightened'),
      gap(4),
      word('what'),
      gap(2),
      word('do to me'),
    ),
    rule(
      word('scared', 'afraid', 'terrified', 'fear', 'frightened'),
      gap(4),
      word(PERSON),
      gap(2),
      word('will', 'would', 'might'),
      gap(1),
      word('hurt', 'kill', 'beat', 'hit'),
    ),
    rule(word('afraid', 'scared', 'terrified'), gap(4), word('because'), gap(3), word(HURT)),
    rule(word('no one', 'nobody'), word('leave'), gap(2), word('and live', 'alive')),
    rule(word('kill', 'kill me'), gap(3), word('and my'), gap(2), word('if')),
    rule(
      word('threaten', 'threatened'),
      word('to'),
      word('kill', 'hurt', 'beat', 'stab', 'shoot'),
      word('me', 'her', 'him', 'my'),
    ),
    rule(
      word(PERSON),
      gap(3),
      word('say', 'said', 'tell'),
      gap(2),
      word('will', 'would', 'going to'),
      gap(1),
      word('kill me', 'hurt me', 'beat me'),
    ),
    rule(word('try', 'tried'), word('to'), word('kill', 'strangle', 'choke'), word('me', 'her')),
    rule(
      word('throw'),
      gap(3),
      word('at', 'on', 'in'),
      word('me', 'her', 'him', 'my face', 'her face'),
    ),
    rule(
      word(PERSON),
      gap(4),
      yes('break', 'fracture', 'split', 'bruise', 'dislocate', 'crack'),
      gap(1),
      word(BODY.flatMap((part) => [`my ${part}`, `her ${part}`, `his ${part}`])),
    ),
    rule(
      word('throw'),
      word('me', 'her', 'him'),
      word('around', 'against', 'into', 'down', 'across'),
    ),
    rule(word('lock'), word('me', 'her'), word('out'), gap(4), word('hit', 'hitting')),
    rule(
      word('scared of', 'afraid of', 'terrified of'),
      gap(2),
      word(PARTNER_OR_PRONOUN, 'him', 'her'),
      gap(3),
      word('violent', 'abusive', 'hurt', 'hit', 'temper'),
    ),
    // Written from the development part's out-of-fold misses (fourth batch, 2026-12-07):
    // things thrown at the head, locked out in the cold, a car or a gun used to threaten,
    // "finish the job", a wrist twisted, harm to the family for leaving, a black eye
    // explained away.
    rule(word('throw', 'smash'), gap(3), word('at my head', 'over my head', 'at her head')),
    rule(word('lock'), word('me', 'her'), word('out', 'outside')),
    rule(word('run me over', 'run her over')),
    rule(word('finish the job')),
    rule(
      word('gun', 'knife'),
      gap(2),
      word('to my head', 'on me', 'at me', 'to her head', 'on her'),
    ),
    rule(word('twist', 'bend'), word('my', 'her'), word('wrist', 'arm', 'finger')),
    rule(word('wall'), gap(3), word('next to my head', 'by my head', 'beside my head')),
    rule(
      word('break up', 'leave'),
      far(10),
      word('hurt', 'kill'),
      word('my family', 'my kid', 'my parent'),
    ),
    rule(word('walk into a door', 'black eye', 'black eyes')),
    rule(
      word('bruise'),
      gap(2),
      word('on her neck', 'on my neck', 'around her neck', 'around my neck'),
    ),
  ],
  sexual_coercion: [
    // Sex as a debt, and a refusal punished: "he says I owe him sex", "gets angry if I refuse".
    rule(word('owe', 'entitle to', 'duty to', 'obligate to'), gap(2), word(SEX)),
    rule(
      word(SEX),
      far(8),
      word('angry', 'mad', 'punish', 'sulk', 'yell', 'scream', 'silent treatment'),
      gap(2),
      word('if', 'when', 'whenever', 'every time'),
      gap(1),
      word('i', 'she'),
      gap(1),
      word('refuse', 'say no', 'not want to', 'turn him down', 'turn her down'),
    ),
    // Freezing while it happened: "I froze and couldn't say anything while he did it".
    rule(
      word('freeze', 'froze', 'go numb', 'be frozen', 'could not move', 'can not move'),
      far(6),
      word('while', 'as', 'when'),
      gap(1),
      word('he', 'she', 'they'),
      gap(2),
      word(SEX, 'do it', 'do that', 'do what he want', 'do what she want'),
    ),
    rule(word('rape', 'rapist', 'molest', 'grope', 'stealth', 'stealthed', 'stealthing')),
    rule(word('sexually'), word('assault', 'abuse', 'harass', 'assaulted', 'abused', 'harassed')),
    rule(word('sexual'), word('assault', 'abuse', 'harassment')),
    rule(
      word('assault', 'assaulted'),
      gap(2),
      word('at', 'by', 'after'),
      gap(3),
      word('party', 'club', 'bar', 'him', 'date'),
    ),
    rule(
      word('put', 'slip', 'spike', 'drop'),
      gap(3),
      word('in', 'into'),
      word('my', 'her', 'our'),
      word('drink'),
    ),
    rule(
      word('drug', 'drugged', 'roofie', 'roofied', 'spike', 'spiked'),
      gap(2),
      word('me', 'her', 'my drink', 'at the'),
    ),
    rule(word(INCAPACITATED), far(8), word(SEX)),
    rule(word(INCAPACITATED), far(8), word('take advantage', 'took advantage')),
    rule(
      word('take advantage', 'took advantage'),
      gap(2),
      word('me', 'her'),
      far(6),
      word(INCAPACITATED, 'sex', 'bed', 'night', 'party'),
    ),
    rule(
      word(INCAPACITATED),
      far(3),
      word('it happen', 'it happened', 'he do it', 'she do it', 'they do it'),
    ),
    rule(word(SEX), far(8), word('while', 'when'), gap(2), word(INCAPACITATED)),
    rule(
      word(SEX),
      far(6),
      word('when i', 'while i'),
      gap(1),
      word('be'),
      gap(1),
      word(INCAPACITATED),
    ),
    rule(
      word('wake', 'woke'),
      word('up'),
      gap(6),
      word(
        SEX,
        'his bed',
        'in bed with',
        'naked',
        'clothes off',
        'my clothes off',
        'without my clothes',
        'no clothes',
      ),
    ),
    rule(word('not', 'could not', 'can not'), gap(2), word('consent', 'say no')),
    rule(
      word('without'),
      gap(1),
      word('consent', 'my consent', 'her consent', 'asking', 'me knowing', 'telling me'),
    ),
    rule(word('too'), gap(3), word('to consent', 'to say no')),
    rule(word(SAID_NO), far(6), word(KEPT_ON)),
    rule(word(SAID_NO), far(6), word('pin', 'hold', 'held'), gap(2), word('down')),
    rule(word(KEPT_ON), far(6), word('even though', 'after', 'when'), gap(2), word(SAID_NO)),
    rule(word('not'), word('take no for an answer', 'take no')),
    rule(word('not stop'), far(4), word('say stop', 'say no', 'tell him')),
    rule(word('say stop', 'say no'), far(3), word('not stop')),
    rule(word(FORCE), gap(4), word(SEX, 'perform')),
    rule(word(FORCE), word('himself', 'herself'), word('on')),
    rule(word(SEX), gap(6), word('not want to', 'not want', 'not in the mood', 'say no', 'duty')),
    rule(word('duty'), gap(4), word(SEX)),
    rule(word('give in'), gap(4), word(SEX)),
    rule(
      word('leak', 'post', 'share', 'send', 'show', 'spread', 'record', 'film'),
      gap(4),
      word(IMAGES),
      gap(4),
      word('unless', 'if', 'without', 'friend', 'friends', 'everyone'),
    ),
    rule(word('threaten', 'threatened'), gap(4), word(IMAGES)),
    rule(
      word('record', 'film'),
      gap(2),
      word('us', 'me'),
      gap(2),
      word('sex', 'have sex'),
      gap(3),
      word('without'),
    ),
    rule(
      word('if'),
      gap(2),
      word('not'),
      gap(1),
      word('sleep with', 'have sex', 'do it', 'do stuff', 'send'),
    ),
    rule(
      word('not'),
      word('let'),
      gap(1),
      word('me', 'her'),
      word('leave'),
      gap(2),
      word('until'),
      gap(3),
      word(SEX),
    ),
    rule(
      word('pin', 'hold', 'held'),
      gap(1),
      word('me', 'her'),
      word('down'),
      gap(6),
      word(SEX, 'clothes', 'clothe', 'had sex'),
    ),
    rule(word('keep'), word('touch', 'touching'), word('me', 'her')),
    rule(word('touch', 'grope'), word('me', 'her'), gap(4), word('after', 'even', 'without')),
    rule(word('pull', 'take'), word('off'), gap(1), word('the condom', 'condom')),
    rule(word('pull', 'take'), word('the condom', 'condom'), word('off')),
    rule(word('condom'), gap(2), word('off'), gap(3), word('without')),
    rule(
      word('make'),
      word('me', 'her'),
      word('do'),
      gap(2),
      word('thing', 'stuff'),
      gap(3),
      word('not want', 'say no', 'in bed'),
    ),
    rule(word('do'), word('thing', 'stuff'), gap(2), word('i', 'she'), word('not want')),
    rule(
      word('touch', 'touching', 'ask me out'),
      gap(6),
      word('job depend', 'my job', 'fire me', 'or else'),
    ),
    rule(word('force', 'forced'), word('me', 'her'), word('to do')),
    rule(
      word(PERSON),
      gap(2),
      yes('force', 'forced'),
      word('me', 'her'),
      '(?:[|] |$|',
      word('into', 'and', 'again'),
      ')',
    ),
    rule(
      word('touch', 'grab', 'grope', 'kiss'),
      word('me', 'her'),
      gap(1),
      word('inappropriately', 'without asking', 'against my will', 'against her will'),
    ),
    rule(word('against my will', 'against her will')),
    // Written from the development part's out-of-fold misses (fourth batch, 2026-12-07):
    // going on past "stop" or "it hurts", images taken or shown without consent, "if you
    // really loved me", groping, "I was assaulted".
    rule(
      word('keep go', 'keep going', 'not stop', 'not listen', 'just do it'),
      far(8),
      word('stop', 'it hurt', 'wait', 'no more', 'say no'),
    ),
    rule(word('tell him to stop', 'tell her to stop'), far(6), word('not really mean')),
    rule(word('never agree', 'not agree'), far(6), word('just do it', 'do it anyway')),
    rule(
      word('record', 'film', 'take picture', 'take pictures', 'take photo', 'take video'),
      gap(4),
      word('without my knowledge', 'without me know', 'without ask', 'in the shower', 'naked'),
    ),
    rule(
      word('leak', 'blackmail', 'post', 'share', 'expose'),
      gap(3),
      word('my', 'her'),
      gap(1),
      word('picture', 'photo', 'video', 'sext', 'nude', 'nudes', 'pic', 'pics'),
    ),
    rule(word('if i really love', 'if you really love', 'if i love'), far(3), word('would do it')),
    rule(
      word('grab', 'touch', 'grope', 'squeeze'),
      word('my', 'her'),
      word('butt', 'ass', 'breast', 'boob', 'boobs', 'chest', 'crotch', 'thigh'),
    ),
    rule(word('i be', 'she be', 'get'), gap(1), word('assault', 'sexually assault')),
    rule(word('force', 'make', 'pressure'), word('me', 'her'), word('to watch porn')),
  ],
  coercive_control: [
    // Papers held back, so that leaving or working is out of reach: "he keeps my passport".
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(3),
      yes('keep', 'take', 'hide', 'lock', 'hold', 'confiscate', 'steal', 'destroy', 'burn'),
      gap(2),
      word(
        'passport',
        'passports',
        'visa',
        'id',
        'id card',
        'birth certificate',
        'document',
        'documents',
        'paper',
        'papers',
        'green card',
        'residence permit',
      ),
    ),
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(3),
      yes('check', 'monitor', 'go through', 'question', 'read'),
      gap(2),
      word(
        'bank statement',
        'bank statements',
        'purchase',
        'purchases',
        'spending',
        'receipt',
        'receipts',
        'every purchase',
      ),
    ),
    rule(
      word('account for', 'explain', 'report'),
      gap(1),
      word('every minute', 'every hour', 'every penny', 'every cent', 'every dollar', 'where i be'),
    ),
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(2),
      word('not let', 'not allow', 'forbid', 'stop'),
      gap(1),
      word('me', 'her'),
      gap(2),
      word(
        'see',
        'talk',
        'go',
        'leave',
        'have',
        'work',
        'wear',
        'spend',
        'call',
        'visit',
        'text',
        'meet',
      ),
      gap(4),
      word(
        PEOPLE,
        'out',
        'house',
        'job',
        'alone',
        'bank',
        'account',
        'money',
        'phone',
        'guy',
        'anywhere',
        'work',
      ),
    ),
    rule(
      word(
        'not allowed',
        'not allow',
        'need his permission',
        'need her permission',
        'ask permission',
        'ask his permission',
        'ask for permission',
      ),
      gap(6),
      word('without him', 'without her', 'spend', 'money', 'go', 'see', 'wear', 'leave'),
    ),
    rule(word('not allowed'), gap(3), word('wear'), gap(3), word(PARTNER_OR_PRONOUN, 'him', 'her')),
    rule(
      word('decide', 'control', 'choose', 'pick'),
      gap(2),
      word('what i', 'who i', 'where i', 'what she', 'who she'),
      gap(2),
      word('wear', 'see', 'talk', 'go', 'eat', 'allow', 'be allowed'),
    ),
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(3),
      word('read', 'check', 'go through', 'search', 'look through'),
      gap(2),
      word(DEVICES),
      gap(3),
      word('every', 'all the time', 'always', 'constantly', 'when i', 'while i', 'each'),
    ),
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(3),
      word('every', 'constantly', 'always'),
      gap(1),
      word('read', 'check', 'go through'),
      gap(2),
      word(DEVICES),
    ),
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(3),
      word('read', 'check', 'go through'),
      gap(1),
      word('every', 'all'),
      gap(2),
      word(DEVICES),
    ),
    rule(
      word('go through', 'goes through', 'monitor'),
      gap(2),
      word('my', 'her'),
      gap(1),
      word(DEVICES, 'spending', 'everything'),
    ),
    rule(
      word('monitor', 'monitors', 'watch'),
      word('everything i do', 'everything she do', 'everything'),
    ),
    rule(
      word('demand', 'insist on', 'insist', 'make me', 'force me'),
      gap(3),
      word('password', 'passwords', 'passcode', 'location', 'screen time', 'share my'),
    ),
    rule(
      word('put', 'install'),
      gap(2),
      word('app', 'spyware', 'tracker'),
      gap(2),
      word('my phone', 'on my', 'her phone'),
    ),
    rule(
      word('have to', 'must', 'make me', 'need to', 'force me to'),
      gap(1),
      word(
        'share my location',
        'send him',
        'send her',
        'text him',
        'call him',
        'check in',
        'tell him where',
        'tell her where',
      ),
      far(6),
      word('or', 'every', 'all the time', '24', 'otherwise', 'at all time'),
    ),
    rule(
      word('know where i be', 'know where she be', 'where i be'),
      gap(2),
      word('all the time', 'at all time', 'every hour', 'at all times', 'every minute', 'always'),
    ),
    rule(word('prove', 'proof'), gap(2), word('where i be', 'where i am', 'who i be with')),
    rule(
      word('check', 'track'),
      gap(1),
      word('my', 'her'),
      word('location'),
      gap(2),
      word('every', 'all', 'constantly'),
    ),
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(3),
      word('control', 'take', 'keep', 'hold', 'withhold', 'manage'),
      gap(3),
      word(MONEY),
      '(?!',
      gap(6),
      word('because i ask', 'i ask him', 'ask her to', 'ask him to'),
      ')',
    ),
    rule(
      word('control', 'controls'),
      gap(2),
      word('all', 'every'),
      gap(2),
      word(MONEY, 'finance', 'finances'),
    ),
    rule(
      word('not'),
      gap(1),
      word('give', 'let'),
      gap(1),
      word('me', 'her'),
      gap(2),
      word('access', 'own bank', 'bank account', 'money', 'card'),
    ),
    rule(
      word('not'),
      word('let'),
      word('me', 'her'),
      word('have'),
      gap(2),
      word('my own', 'own', 'bank', 'account', 'money', 'job', 'phone'),
    ),
    rule(word('cut'), word('me', 'her'), word('off'), gap(2), word('financially', 'from', 'money')),
    rule(word('cut'), word('me', 'her'), word('off'), word('from')),
    rule(
      word('beg', 'ask'),
      gap(2),
      word('money', 'for money'),
      gap(2),
      word('for grocery', 'for groceries', 'for food', 'for lunch', 'for everything'),
    ),
    rule(
      word('can not', 'not even'),
      gap(2),
      word('buy'),
      gap(2),
      word('lunch', 'food', 'anything'),
    ),
    rule(word('allowance'), gap(4), word(PARTNER_OR_PRONOUN, 'him', 'her')),
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(2),
      word('give'),
      gap(1),
      word('me', 'her'),
      word('an allowance', 'allowance'),
    ),
    rule(word('money', 'account', 'everything'), gap(3), word('in his name', 'in her name')),
    rule(word('isolate', 'isolated', 'isolating', 'keep me isolated', 'keep her isolated')),
    rule(
      word('keep', 'cut'),
      word('me', 'her'),
      gap(1),
      word('from', 'away from', 'off from'),
      gap(2),
      word(PEOPLE, 'see', 'seeing', 'everyone'),
    ),
    rule(
      word('angry', 'mad', 'furious', 'upset', 'rage'),
      gap(4),
      word('if', 'when', 'whenever'),
      gap(2),
      word('spend time with', 'see my', 'talk to', 'text', 'not answer', 'go out'),
      gap(2),
      word(PEOPLE, 'right away', 'away', 'immediately'),
    ),
    rule(
      word('angry', 'mad', 'furious'),
      gap(4),
      word('if'),
      word('i'),
      word('not'),
      word('answer', 'reply'),
    ),
    rule(
      word('not'),
      word('see', 'seen'),
      word('my', 'her'),
      word(PEOPLE),
      gap(2),
      word('in a year', 'in month', 'in months', 'in year', 'in years'),
    ),
    rule(word('forbid', 'forbids', 'forbade'), gap(3), word(PEOPLE, 'see', 'go', 'leave', 'talk')),
    rule(
      word(THREAT, 'will', 'would', 'going to'),
      gap(6),
      word(
        'kill himself',
        'kill herself',
        'hurt himself',
        'hurt herself',
        'harm himself',
        'harm herself',
        'suicide',
        'overdose',
        'end his life',
        'end her life',
        'die',
      ),
      far(6),
      word('if', 'when', 'whenever', 'unless'),
      gap(2),
      word(LEAVE, 'see', 'go out', 'want to see', 'break up'),
    ),
    rule(
      word('if', 'whenever'),
      gap(2),
      word(LEAVE),
      gap(2),
      word('he', 'she'),
      gap(2),
      word('will', 'would'),
      gap(1),
      word('kill himself', 'kill herself', 'overdose', 'hurt himself', 'hurt herself'),
    ),
    rule(
      word(THREAT, 'will', 'going to'),
      gap(6),
      word('hurt himself', 'hurt herself', 'kill himself', 'kill herself'),
      gap(2),
      word('whenever', 'every time'),
    ),
    rule(
      word('take', 'keep', 'get'),
      gap(2),
      word('the', 'my', 'our'),
      gap(1),
      word(CHILDREN),
      far(10),
      word('if', 'unless', 'when'),
      gap(2),
      word(LEAVE),
    ),
    rule(
      word('if', 'when'),
      gap(2),
      word(LEAVE),
      far(6),
      word('take', 'get', 'never see', 'lose'),
      gap(3),
      word(CHILDREN, 'them', 'him'),
    ),
    rule(word('get'), gap(1), word(CHILDREN), word('take away', 'taken away', 'take')),
    rule(word('never see'), gap(1), word('them', CHILDREN, 'him'), word('again')),
    rule(
      word(
        'report me',
        'report her',
        'deport',
        'immigration',
        'tell my family i',
        'tell everyone i',
        'out me',
      ),
      gap(4),
      word('if'),
      gap(2),
      word(LEAVE),
    ),
    rule(
      word('threaten', 'threatened', 'threat'),
      gap(3),
      word('report me', 'immigration', 'tell my', 'out me', 'deport'),
    ),
    rule(
      word('take', 'took', 'hide', 'keep'),
      word('my', 'her'),
      word('passport', 'car key', 'key', 'id', 'documents', 'phone', 'car keys', 'keys'),
      gap(4),
      word('so', 'when i', 'when she', 'can not', 'not'),
    ),
    rule(
      word('take away', 'took away', 'break', 'smash', 'broke'),
      gap(1),
      word('my', 'her'),
      word('phone'),
      gap(4),
      word('so', 'when i', 'can not', 'could not', 'not', 'call'),
    ),
    rule(
      word('make', 'force'),
      word('me', 'her'),
      word('quit', 'leave'),
      gap(2),
      word('job', 'work'),
    ),
    rule(word('depend on him', 'dependent on him', 'rely on him')),
    rule(word('crazy', 'insane'), gap(4), word('no one', 'nobody'), gap(2), word('believe')),
    rule(
      word('delete', 'deletes'),
      gap(2),
      word('my', 'her'),
      word('contact', 'contacts', 'friend', 'friends'),
    ),
    rule(word('cut me off', 'cut her off'), word('from')),
    rule(
      word('control', 'controlling'),
      word('relationship', 'partner', 'boyfriend', 'girlfriend', 'husband', 'wife'),
    ),
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(2),
      word('be'),
      gap(1),
      word('so', 'very', 'really', 'super', 'extremely'),
      word('controlling', 'possessive'),
    ),
    rule(
      word(PARTNER_OR_PRONOUN),
      gap(2),
      yes('control'),
      word('everything', 'my life', 'every part', 'what i do', 'where i go'),
    ),
    rule(word('control'), word('who'), gap(3), word('talk', 'see', 'text')),
    rule(word('access'), gap(2), word('bank account', 'our bank', 'money')),
    // Written from the development part's out-of-fold misses (fourth batch, 2026-12-07):
    // threats to make the writer obey, passwords, medication and pay held, work and doctors
    // forbidden, permission to go out or eat, memory denied, proof of where one is.
    rule(
      word('threaten'),
      far(8),
      word('if i do not', 'unless i'),
      word('listen', 'obey', 'do what'),
    ),
    rule(
      word('threaten'),
      word('to'),
      word('hurt', 'kill'),
      word('my', 'the'),
      word('dog', 'cat', 'pet'),
    ),
    rule(word('password', 'passwords', 'passcode'), far(4), word('read', 'check', 'go through')),
    rule(
      word('keep', 'withhold', 'control', 'hide'),
      word('my', 'her'),
      word('medication', 'meds', 'med', 'pill', 'pills', 'medicine'),
    ),
    rule(
      word('hand over'),
      word('my', 'her'),
      word('tip', 'paycheque', 'paycheck', 'wage', 'salary', 'pay'),
    ),
    rule(word('not allow to', 'not let me', 'stop me from'), gap(2), word('job', 'see a doctor')),
    rule(
      word('have to ask', 'need to ask', 'ask permission'),
      far(4),
      word('go', 'eat', 'spend', 'leave'),
    ),
    rule(
      word('decide', 'tell me'),
      word('when i be allow', 'what i can', 'what i be allow'),
      word('to eat', 'eat'),
    ),
    rule(
      word('make me feel crazy', 'my own memory', 'remember thing wrong', 'remember never happen'),
    ),
    rule(word('thing i remember'), gap(1), word('never happen')),
    rule(word('mileage', 'odometer')),
    rule(word('photo', 'picture', 'pic'), word('of where i be')),
  ],
  stalking: [
    // Written from the development part's out-of-fold misses (fourth batch, 2026-12-07):
    // hundreds of messages, a routine known, accounts hacked, cameras hidden, his car behind.
    rule(word('message', 'text', 'call'), word('me'), '\\d{2,} ', word('time')),
    rule(word('know'), word('my'), word('routine', 'daily routine', 'schedule')),
    rule(word('hack'), word('my', 'into my')),
    rule(word('install', 'hide', 'put'), gap(2), word('camera', 'cameras')),
    rule(word('his car', 'her car'), gap(1), word('behind me')),
    rule(word('ex'), far(6), word('ask'), gap(1), word('where i be')),
    rule(
      word('find out', 'found out', 'figure out'),
      gap(1),
      word('where i', 'where she'),
      gap(1),
      word('move', 'moved', 'live', 'work', 'be'),
    ),
    rule(
      word('keep leaving', 'keep leave', 'leave'),
      gap(2),
      word('thing', 'things', 'note', 'notes', 'gift', 'gifts', 'flower', 'flowers'),
      gap(2),
      word('at my door', 'on my car', 'at my house', 'outside my', 'on my doorstep'),
    ),
    rule(
      word('stalk', 'stalking', 'stalked', 'stalker'),
      '(?!',
      gap(0),
      word('his', 'her', 'their', 'my ex s'),
      ')',
    ),
    rule(
      word(PERSON, 'someone', 'this guy', 'a guy', 'same guy', 'the same'),
      gap(4),
      yes('follow', 'following'),
      gap(1),
      word('me', 'her', 'him'),
      word('home', 'around', 'everywhere', 'to', 'on', 'from', 'into', 'out', 'after'),
      '(?!',
      word('instagram', 'twitter', 'tiktok', 'insta', 'social', 'back', 'facebook', 'snapchat'),
      ')',
    ),
    rule(word('follow', 'following'), word('me', 'her'), word('everywhere', 'home', 'around')),
    rule(
      word('be', 'being', 'get'),
      word('follow', 'followed', 'watched', 'watch', 'track', 'tracked', 'stalk', 'stalked'),
      '(?!',
      word('on', 'back', 'by my', 'by a'),
      ')',
    ),
    rule(
      word(PERSON, 'someone'),
      gap(3),
      word(
        'everywhere i go',
        'wherever i go',
        'everywhere i be',
        'my schedule',
        'my routine',
        'keep tabs on me',
      ),
    ),
    rule(
      word(PERSON, 'someone'),
      gap(3),
      yes('show up', 'turn up', 'come', 'appear', 'wait'),
      gap(2),
      word('at', 'outside'),
      word('my', 'her'),
      word(
        'house',
        'home',
        'work',
        'job',
        'school',
        'class',
        'gym',
        'apartment',
        'flat',
        'door',
        'office',
        'building',
        'parent',
        'parents',
        'friend',
      ),
      '(?!',
      gap(4),
      word('surprise', 'flower', 'flowers', 'love it', 'pick me up', 'for our date', 'to pick'),
      ')',
    ),
    rule(
      word(PERSON, 'someone'),
      gap(3),
      yes('track', 'monitor', 'watch', 'spy on'),
      gap(1),
      word('my', 'her'),
      word('location', 'every move', 'movement', 'movements', 'car', 'phone'),
    ),
    rule(
      word(
        'tracker',
        'airtag',
        'air tag',
        'gps',
        'tracking device',
        'hidden camera',
        'spyware',
        'stalkerware',
        'tile',
      ),
    ),
    rule(
      word('keep', 'keeps', 'always'),
      gap(2),
      word(
        'show up',
        'turn up',
        'come by',
        'drive past',
        'drive by',
        'sit outside',
        'wait outside',
        'appear',
        'showing up',
        'turning up',
      ),
      gap(3),
    ),
    rule(
      word('show up', 'turn up', 'showed up', 'turned up'),
      gap(6),
      word(
        'uninvited',
        'even though',
        'never give',
        'never told',
        'without',
        'everywhere',
        'where i',
        'at night',
        'new job',
        'moved',
      ),
    ),
    rule(
      word('find', 'found', 'get', 'track down', 'tracked down', 'track'),
      gap(1),
      word('my', 'me'),
      gap(1),
      word('address', 'down', 'new address'),
      gap(4),
      word('show up', 'turn up', 'come', 'at my door', 'my gym', 'at'),
    ),
    rule(word('track'), word('me'), word('down')),
    rule(
      word('wait', 'sit', 'park', 'stand', 'watch', 'lurk'),
      gap(2),
      word('outside', 'across from', 'near', 'by'),
      gap(2),
      word('my', 'her'),
      word(
        'house',
        'home',
        'building',
        'work',
        'job',
        'apartment',
        'flat',
        'school',
        'office',
        'gym',
        'door',
      ),
    ),
    rule(
      word('watch', 'watching', 'spying'),
      gap(2),
      word('me', 'her', 'my house', 'my home', 'my apartment'),
      gap(2),
      word('from', 'through', 'outside', 'all the time', 'at night'),
    ),
    rule(
      word('watch', 'watching'),
      gap(1),
      word('my', 'her'),
      word('house', 'home', 'apartment', 'window', 'place'),
    ),
    rule(word('spy', 'spying'), gap(1), word('on'), word('me', 'her')),
    rule(word('not'), word('leave'), word('me', 'her'), word('alone')),
    rule(
      word('not'),
      word('stop'),
      gap(1),
      word(
        'message',
        'messaging',
        'text',
        'texting',
        'call',
        'calling',
        'contact',
        'contacting',
        'follow',
        'following',
      ),
      gap(1),
      word('me', 'her'),
    ),
    rule(
      word('message', 'text', 'call', 'contact', 'dm'),
      gap(2),
      word('me', 'her'),
      gap(4),
      word('after i', 'even after', 'even though', 'every time i'),
      gap(2),
      word(
        'block',
        'blocked',
        'say stop',
        'said stop',
        'told him',
        'ask him',
        'change',
        'say no',
        'tell him no',
        'reject',
        'turn him down',
        'break up',
        'end it',
        'move',
      ),
    ),
    rule(
      word(PERSON, 'someone'),
      gap(3),
      yes('track', 'trace', 'locate', 'spy on'),
      word('me', 'her'),
      '(?!',
      word('down to thank'),
      ')',
    ),
    rule(
      word('block', 'blocked'),
      gap(6),
      word('still', 'keep', 'again', 'new'),
      gap(4),
      word('contact', 'message', 'text', 'call', 'number', 'numbers', 'account', 'accounts', 'way'),
    ),
    rule(
      word('new', 'blocked', 'different', 'fake', 'private'),
      word('number', 'numbers', 'account', 'accounts', 'profile', 'profiles'),
      gap(4),
      word('message', 'contact', 'text', 'call', 'follow', 'find', 'watch'),
    ),
    rule(
      word('message', 'text', 'call', 'contact', 'follow', 'calling', 'texting'),
      gap(3),
      word('from'),
      gap(2),
      word('new', 'blocked', 'different', 'fake'),
      word('number', 'numbers', 'account', 'accounts', 'profile'),
    ),
    rule(
      word('make', 'create', 'made'),
      gap(2),
      word('new', 'fake'),
      word('account', 'accounts', 'profile', 'profiles'),
    ),
    rule(
      word('hundreds of', 'hundred of', 'dozens of', '50', '100'),
      gap(1),
      word('message', 'messages', 'text', 'texts', 'call', 'calls'),
      gap(3),
      word('day', 'night', 'hour', 'after', 'even'),
    ),
    rule(
      word('know', 'knew'),
      gap(2),
      word(
        'where i be',
        'where i am',
        'where she be',
        'thing',
        'things',
        'which',
        'what i be wear',
        'what i be wearing',
      ),
      gap(6),
      word(
        'never tell',
        'never told',
        'not tell',
        'shouldnt',
        'should not',
        'all the time',
        'restaurant',
        'wearing',
        'wear',
      ),
    ),
    rule(
      word('somehow', 'always'),
      gap(1),
      word('know', 'knew'),
      gap(4),
      word('where', 'everywhere', 'what i', 'who i'),
    ),
    rule(word('know', 'knew'), word('everywhere')),
    rule(
      word('photo', 'picture', 'pic', 'video'),
      word('of'),
      word('my', 'her'),
      gap(1),
      word(
        'door',
        'front door',
        'house',
        'home',
        'car',
        'window',
        'building',
        'street',
        'apartment',
        'flat',
      ),
    ),
    rule(
      word('hack', 'hacked', 'hacking', 'break into'),
      gap(2),
      word('my', 'her'),
      gap(1),
      word('email', 'account', 'phone', 'instagram', 'icloud', 'accounts'),
    ),
    rule(
      word('contact', 'call', 'ask', 'message'),
      gap(2),
      word('my', 'her'),
      word(PEOPLE, 'workplace', 'work', 'job', 'boss'),
      gap(6),
      word('find out where', 'where i', 'pretend', 'pretending', 'about me'),
    ),
    rule(
      word('keep', 'keeps'),
      gap(1),
      word('call', 'calling'),
      word('my', 'her'),
      word('work', 'workplace', 'job', 'office'),
    ),
    rule(
      word('texting', 'text', 'send'),
      word('me', 'her'),
      gap(2),
      word('what i be', 'photo of me', 'picture of me', 'where i'),
      gap(2),
      word('wear', 'wearing', 'eat', 'eating', 'do', 'doing', 'be'),
    ),
    rule(
      word('location'),
      gap(4),
      word('without me knowing', 'without my knowledge', 'without telling me', 'without asking'),
    ),
    rule(word('find my iphone', 'find my', 'life360'), gap(6), word('without')),
    rule(
      word('through'),
      word('my', 'her'),
      word('old'),
      gap(1),
      word('ipad', 'phone', 'laptop', 'account'),
    ),
    rule(
      word('note', 'notes', 'letter', 'gift', 'flowers', 'flower'),
      gap(6),
      word('mailbox', 'doorstep', 'my car', 'my door', 'windshield'),
      gap(6),
      word('never give', 'never told', 'ex', 'without', 'think'),
    ),
    rule(
      word('flowers', 'flower', 'note', 'gift'),
      gap(4),
      word('even though'),
      gap(3),
      word('never'),
      gap(2),
      word('address'),
    ),
    rule(
      word('threaten', 'threatening'),
      gap(2),
      word('to come', 'to show up'),
      gap(2),
      word('to my', 'to her', 'house', 'home', 'work'),
    ),
    rule(
      word('keep', 'keeps'),
      gap(1),
      word('turn up', 'turning up', 'show up', 'showing up'),
      gap(2),
      word('at', 'everywhere', 'where'),
    ),
    rule(
      word(PERSON),
      gap(2),
      word('outside', 'at', 'by', 'under'),
      word('my', 'her'),
      word(
        'window',
        'door',
        'house',
        'home',
        'building',
        'apartment',
        'flat',
        'work',
        'office',
        'car',
      ),
      gap(2),
      word(
        'again',
        'every',
        'tonight',
        'at night',
        'all night',
        'uninvited',
        'all the time',
        'every day',
      ),
    ),
    rule(
      word(
        'move',
        'moved',
        'change my number',
        'change my phone',
        'block',
        'new address',
        'new number',
      ),
      far(8),
      word('still', 'again', 'somehow'),
      gap(2),
      word(
        'find me',
        'found me',
        'track me',
        'contact me',
        'find her',
        'show up',
        'message me',
        'text me',
      ),
    ),
    rule(
      word('see'),
      gap(2),
      word('same'),
      gap(1),
      word('guy', 'man', 'car', 'person'),
      gap(3),
      word('outside', 'near', 'everywhere'),
    ),
    rule(
      word('follow', 'followed'),
      word('me', 'her'),
      word('to my', 'to her'),
      word('car', 'house', 'home', 'door'),
    ),
  ],
};

// ---- A minor with an adult ---------------------------------------------------------------

/** A school year that means a minor: "year 9", "8th grade", "middle school", "sophomore". */
const SCHOOL =
  / (?:year (?:[5-9]|1[01]) |(?:grade|gr) (?:[5-9]|1[01]) |(?:[5-9]|1[01]) ?(?:th|st|nd|rd)? grade |(?:fifth|sixth|seventh|eighth|ninth|tenth|eleventh) grade |middle school |junior high |high school |secondary school |freshman |sophomore |junior in high school |in school )/;
const AUTHORITY_MINE =
  / (?:my|our|her|his) (?:\S+ ){0,1}(?:teacher|coach|tutor|pastor|counselor|counsellor|instructor|principal|priest|leader|trainer) /;
const INTIMACY =
  / (?:~?love me|~?love you|~?in love|~?loves me|~?hug|~?alone|~?special|~?our little secret|~?gift|~?gifts|~?private|~?beautiful|~?pretty|~?sexy|~?hot|~?instagram|~?snapchat|~?discord|~?call me|~?kiss|~?message|~?messaging|~?feeling|~?feelings|~?secret|~?flirt|~?date|~?dating|~?ask me out|~?asked me out|~?like me|~?touch|~?relationship|~?boyfriend|~?girlfriend|~?meet|~?message|~?text|~?dm|~?snap|~?sext|~?nude|~?pic|~?pics|~?sleep|~?have sex|~?hook up|~?us) /;
/** An adult: a grown-up word, or "in college", "in his twenties". */
const ADULT_WORD =
  / (?:way old|much old|lot old|year old than me|year older than me|year gap old than me|year gap older than me|grown man|grown woman|grown up|adult|adults|older guy|older man|older woman|old guy|old man|in college|at college|at uni|in uni|in university|in his (?:20|30|40|50)s|in her (?:20|30|40|50)s|in his twenty|in her twenty|in his twenties|in her twenties|in his thirties|in her thirties|in his forties|who drive) /;
const NOT_AGE_AFTER =
  /^(?:month|months|year|years|week|weeks|day|days|minute|minutes|hour|hours|time|times|km|kms|mile|miles|kid|kids|child|children|unread|message|messages|follower|followers|percent|dollar|dollars|pound|pounds|euro|euros|k|people|friend|friends|date|dates|inch|cm|kg|lbs|min|mins|%|\$|am|pm|o|\/|-|x)$/;

interface Age {
  value: number;
  /** Said of the writer ("i am 14"). */
  self: boolean;
}

/** Whole numbers said as ages: "i am 14", "he is 25", "a 30 year old", "my 14 year old". */
function ages(lemmas: string): Age[] {
  const words = lemmas.trim().split(' ');
  const found: Age[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const raw = (words[i] ?? '').replace(/^~/, '');
    if (!/^\d{1,2}$/.test(raw)) continue;
    const value = Number(raw);
    if (value < 5 || value > 90) continue;
    const next = words[i + 1] ?? '';
    const next2 = words[i + 2] ?? '';
    const prev = words[i - 1] ?? '';
    const prev2 = words[i - 2] ?? '';
    const prev3 = words[i - 3] ?? '';
    if (next === 'year' && next2 === 'old') {
      found.push({ value, self: prev === 'be' && prev2 === 'i' });
      continue;
    }
    if (NOT_AGE_AFTER.test(next)) continue;
    // "looks 16", "acts like she is 15": a comparison, not an age.
    if (/^(?:look|act|like|seem|at|since|for|since|age)$/.test(prev2) || prev2 === 'like') continue;
    if (prev3 === 'like' || prev2 === 'look') continue;
    if (
      prev === 'be' ||
      prev === 'turn' ||
      prev === 'turned' ||
      prev === 'aged' ||
      prev === 'only'
    ) {
      found.push({ value, self: prev2 === 'i' || (prev2 === 'only' && prev3 === 'be') });
      continue;
    }
    if (
      prev === 'i' ||
      prev === 'he' ||
      prev === 'she' ||
      prev === 'me' ||
      prev === 'him' ||
      prev === 'her'
    ) {
      found.push({ value, self: prev === 'i' || prev === 'me' });
      continue;
    }
    // "im 13 hes 18": a second age right after a first.
    if (found.length > 0 && /^(?:and|he|she|hes|him|her|,|\|)$/.test(prev)) {
      found.push({ value, self: false });
    }
  }
  return found;
}

function minorWithAdult(lemmas: string): boolean {
  // "when I was 15 ... now I'm 30": the past self, not two people.
  const list = ages(lemmas);
  const minors = list.filter((age) => age.value >= 10 && age.value <= 17);
  const adults = list.filter((age) => age.value >= 18);
  const school =
    SCHOOL.test(lemmas) ||
    / i be (?:a |still a |only a )?(?:minor|underage|under age|kid|child) /.test(lemmas);
  const schoolOrMinor = minors.length > 0 || school;
  for (const minor of minors) {
    for (const adult of adults) {
      if (adult.self && minor.self) continue;
      if (adult.value - minor.value >= 3) return true;
    }
  }
  if (schoolOrMinor && ADULT_WORD.test(lemmas)) return true;
  // ...unless the writer is the adult there: "I'm a teacher at a middle school".
  const schoolAdult =
    / i (?:be a (?:\S+ )?(?:teacher|tutor|coach|counselor|counsellor|parent|mom|dad|mother|father|nurse|principal)|teach|work) /;
  if (school && adults.some((age) => age.value >= 18) && !schoolAdult.test(lemmas)) {
    // An adult age alongside a school year or a minor: "I'm in 8th grade and he is 20".
    if (minors.length === 0) return true;
  }
  // An adult in authority with intimacy or secrecy: "my teacher texts me that he loves me".
  if (AUTHORITY_MINE.test(lemmas) && INTIMACY.test(lemmas) && !/ both adult/.test(lemmas)) {
    return !/ (?:be married to|give me (?:great |good )?advice|focus on|after i graduate|when i be 15 .* now) /.test(
      lemmas,
    );
  }
  return false;
}

/** Marks a text as consensual: the phrase list's violence and coercion do not count. */
export const CONSENSUAL = 'consensual' as CrisisCategory;

/**
 * The categories whose concepts a text holds (unordered), maybe with `CONSENSUAL`, from its
 * lemma string (`lemmaString`, read once for these rules and the learnt layer).
 */
export function conceptCategories(read: string): Set<CrisisCategory> {
  const lemmas = withoutFigures(read, lemmaSet(read));
  const present = lemmaSet(lemmas);
  const found = new Set<CrisisCategory>();
  for (const [category, rules] of Object.entries(RULES) as [CrisisCategory, Rule[]][]) {
    if (rules.some((one) => mayMatch(one, present) && one.pattern.test(lemmas)))
      found.add(category);
  }
  if (minorWithAdult(lemmas)) found.add('minor_with_adult');
  if (isMutual(read)) {
    found.delete('coercive_control');
    found.delete('stalking');
  }
  if (isConsensual(read)) {
    found.delete('partner_abuse');
    found.delete('sexual_coercion');
    found.add(CONSENSUAL);
  }
  return found;
}
