/**
 * The crisis check in Arabic (issue 40): Modern Standard Arabic and the dialects people
 * write in (Egyptian, Gulf, Levantine, Maghrebi), and Arabizi. The English check's wink-nlp
 * lemmas and learnt layer know English only, so Arabic is read by rules over a normalised
 * text (`normalizeArabic`): a stem is matched with the prefixes and suffixes Arabic glues to
 * it (و ف ب ل ال س, the dialects' future ه ح and present ب ك, the pronouns ني ك ه ها هم نا),
 * a negation just before a verb ("ما ضربني", "مش بيراقبني") cancels it, ages are read as
 * numbers ("عمري ١٤", "عندها 13 سنة") or school years ("في إعدادي"), and an adult in
 * authority (teacher, coach) counts as an adult.
 *
 * Written from the development part of `corpus/crisis-ar.json` only; `crisis-ar-corpus.test.ts`
 * measures it on the test part. Like the English check it errs towards recognising.
 */
import { CRISIS_CATEGORIES, type CrisisCategory } from '../../enums.ts';
import { mayBeArabic, normalizeArabic } from './arabic.ts';

/** Letters that Arabic glues before a stem: conjunctions, prepositions, verb prefixes. */
const PREFIX = '[وفبلسكهحيتنامع]{0,4}';
/** Letters after a stem: pronoun clitics, plural and feminine endings, Egyptian "ش". */
const SUFFIX = '[\\u0621-\\u064A]{0,5}';

/** A whole word from the list (the normalised text is padded with spaces). */
const word = (alternatives: string) => `(?<= )(?:${alternatives})(?= )`;
/** A word built on one of the stems, with any prefix and suffix letters. */
const stem = (alternatives: string) => `(?<= )${PREFIX}(?:${alternatives})${SUFFIX}(?= )`;
/** Up to `n` words between two parts. */
const gap = (n: number) => `(?:[^ ]+ ){0,${n}}`;

const OBJECT_ME = 'ني|نى|ها|ك|كي|نا|هم|تني|تها|يني';
/** The verbs of hitting and hurting, with their object ("ضربني", "بيضربها"). */
const HURT = new RegExp(
  `(?<= )${PREFIX}(?:ضرب|صفع|لطم|ركل|رفس|خنق|دفع|دز|قرص|عض|حرق|رما|رمي|جر|شد|مسك)(?:${OBJECT_ME})(?= )` +
    `|${word('ضرب|الضرب|بالضرب|بضرب|كدمات|كدمه|الكدمات')}` +
    `|${stem('يضرب|بيضرب|كيضرب|تضرب')} ${word('مراته|زوجته|مرته|امي|اختي')}` +
    `|${stem('يمد|بيمد|مد|تمد')} ${stem('ايده|يده|ايدو')}` +
    `|${word('كسر|كسرلي')} ${word('ضلعي|ايدي|سناني|راسي|دراعي|ذراعي')}` +
    `|${word('عين|عينها|عيني')} ${word('زرقا|زرقاء|زرقه|زرقاء')}` +
    `|(?<= )(?:darab|kaydreb|kaydrab|yedrab|bydrab|beyedrab|dareb)[a-z]*(?= )`,
);
/** "ضرب" that is no blow: "ضرب موعد", "ضرب مثل", "ضربني بنظرة", "ضربني الحنين". */
const NOT_HURT = new RegExp(
  `${stem('ضرب')} ${word('موعد|مثل|لي|الارقام|بنظره|الحنين|الشوق|بالمخده')}` +
    `|${word('بنضحك|نضحك|بنلعب|نلعب|بهزار|هزار')}`,
);

/** A threat to kill or disfigure ("هيقتلني", "بيذبحني", "بشوه وجهك", "أسيد"). */
const THREAT = new RegExp(
  `(?<= )${PREFIX}(?:قتل|موت|ذبح|اذي|ياذي|شوه|يشوه)(?:ني|ك|كي|نك|يني)(?= )` +
    `|${word('اسيد|مية نار|ميه نار')}|${stem('اسيد')}` +
    `|${word('مكسره|مكسر|جحيم')}|(?<= )(?:nqtlek|n9tlek|ha2telek|a2telek|hamawetek)(?= )`,
);
/** Leaving the partner: the context that makes a threat a threat for leaving. */
const LEAVING = new RegExp(
  stem(
    'سبت|سبتي|سبته|سيبك|ترك|تتركي|تتركين|انفصل|نفترق|طلاق|الطلاق|مشيت|مشيتي|رحتي|تروحي|اتجوزت|ابعد',
  ) +
    `|${word('ترجعين|رحتي|mchiti|sebtini|sebteny|tsebini')}` +
    `|${word('قلت|قلتله|قولتله')} ${gap(1)}${stem('انفصل|خلاص|ابعد')}`,
);

const SELF = 'نفسي|نفسه|نفسها|نفسو|حالي|حاله|حالها|حالو|روحي|روحه|روحها';
/** Wanting not to live, or to die, without a figure of speech after it. */
const WANT =
  'عايز|عايزه|عاوز|عاوزه|بدي|ابي|ابغي|ابغا|ودي|نفسي|اتمني|تمنيت|بتمني|بغيت|باغي|باغيه|حابب|حابه|نفسها|نفسه';
const DIE = 'اموت|نموت|موت|الموت|يموت|تموت';
/** What follows "أموت" when it is a figure ("أموت من الضحك", "بموت فيه"). */
const FIGURE_AFTER = new RegExp(
  `^ (?:من ${word('الضحك|ضحك|الجوع|الكسوف|الخجل|الخوف|الفرح|الفرحه|الحر|البرد|التعب|الفضول|التوتر|الشوق|الملل|الغيره|الحب')}|${word('فيه|فيها|فيك|فيكي|عليه|عليها|عليك|فيهم|ضحك|فيكم|3lih|fiki|fiha')})`,
);
const DIE_FIGURE_PRE = new RegExp(
  `${word('موت|ميت|ميته|هموت|بموت|حموت')} ${word('ضحك|فيه|فيها|عليه|عليها|من')}`,
);

interface Rule {
  category: CrisisCategory;
  pattern: RegExp;
  /** A negation right before the match ("ما ضربني", "مش بيراقبني") cancels it. */
  negatable?: boolean;
  /** Also needs this elsewhere in the text (leaving, for a threat). */
  needs?: RegExp;
  /** Cancelled by this elsewhere in the text. */
  unless?: RegExp;
  /** Cancelled when a figure follows the match ("أموت من الضحك", "بموت فيه"). */
  figureAfter?: boolean;
}

const NEGATION =
  /(?:^| )(?:ما|مش|مو|لا|ولا|ليس|لم|لن|مب|ماني|عمره ما|عمرها ما|ابدا|msh|mesh|mosh|ma|mch|machi)(?: [^ ]+)? $/;
/** "بعد ما", "لما", "كل ما": "ما" as a conjunction, not a negation. */
const NOT_NEGATION =
  /(?:بعد|لما|كل|زي|اللي|قبل|حتي|طول|ساعه|لحد|لين|لغايه|عشان|علشان|من) ما(?: [^ ]+)? $/;

/** Joking: a laugh or "kidding" beside a threat or a wish to die makes it a figure. */
const JOKING = /هه{2,}|😂|🤣|\bl+o+l+\b|بيهزر|بهزر|يهزر|بيبالغ|يبالغ|بمزح|بيمزح|يمزح/u;

/** The word suicide, in any form ("انتحر", "هينتحر", "أفكار انتحارية"), not a figure of it. */
const SUICIDE_WORD: Rule = {
  category: 'self_harm',
  pattern: new RegExp(stem('نتحر|انتحار')),
  unless: /انتحار (?:اجتماعي|سياسي)/,
};

const RULES: Rule[] = [
  // ---- Self-harm and suicide -----------------------------------------------------------
  SUICIDE_WORD,
  {
    category: 'self_harm',
    pattern: new RegExp(
      `${stem('قتل|اقتل|نقتل|موت|اموت|يموت|تموت|اذي|اذيت|يذي|جرح|اجرح|احرق|حرق|ارمي|رمي|نرمي|ضرب|اضرب|اخبط|خبط')} ${gap(1)}${word(SELF)}`,
    ),
  },
  {
    category: 'self_harm',
    pattern: new RegExp(
      `${stem('انهي|ينهي|تنهي|انهاء|اخلص|انهيها|نهي')} ${gap(1)}${word('حياتي|حياته|حياتها|عمري|حياه')}` +
        `|${word('الحياه|حياتي')} ${gap(6)}${stem('انهيها|انهيه|نهيها')}`,
    ),
  },
  {
    category: 'self_harm',
    pattern: new RegExp(`${word(WANT)} ${gap(1)}${word(DIE)}`),
    figureAfter: true,
  },
  {
    category: 'self_harm',
    pattern: new RegExp(
      `${word('مش|ما|مو|مب|مابي|مابدي|ماني|عاد|مش عايز')} ${gap(2)}${word('عايز|عايزه|عاوز|عاوزه|بدي|ابي|ابغي|حابب|حابه|قادر|قادره')} ${gap(1)}${stem('اعيش|عيش|نعيش|اكمل')}` +
        `|${word('ليش|ليه|لمين|ليكون')} ${gap(1)}${word('اعيش|عايش|عايشه|نعيش')}` +
        `|${word('استاهل|يستاهل|استحق')} ${word('اعيش|الحياه')}` +
        `|${word('سبب|معني|قيمه|فايده')} ${gap(3)}${stem('اعيش|اكمل|الحياه|للحياه|حياتي|نعيش|نبقي|اكمل')}` +
        `|${word('الحياه|حياتي')} ${gap(2)}${word('مالها|ملهاش|مالهاش|مالهاش|لها')} ${gap(1)}${word('معني|قيمه')}` +
        `|${word('الموت')} ${word('ارحم|احسن|اهون')}` +
        `|${word('اختفي|اختفيت|اختفي')} ${gap(1)}${word('للابد|الدنيا|العالم|نهاءيا')}` +
        `|${word('اختفيت|رحت|مت|موت')} ${gap(2)}${word('يرتاح|يرتاحون|هيرتاح|بيرتاحو|هيرتاحوا|يرتاحوا|ارتاحوا')}` +
        `|${word('الكل|كلهم')} ${gap(1)}${stem('يرتاح|هيرتاح|بيرتاح')}` +
        `|${stem('عبء|عبي|عبيء')} ${word('علي|عليكم|عليهم')}` +
        `|${stem('انام')} ${gap(1)}${word('ما|وما|ماصحاش|اصحاش|ومااصحاش')} ?${stem('اصحا|اصحي|اصحاش|اصحيش')}` +
        `|${word('ما|وما|مااصحي')} ${stem('اصحي|اصحا|اصحاش')}` +
        `|${stem('ياخدني|ياخدنيش|ياخذني|ياخذنيش|ياخذ روحي')}` +
        `|${word('رساله|رسالة|جواب')} ${word('وداع')}|${stem('وصيتي')}` +
        `|${stem('اعطيت|وزعت|بتدي|ادي|تدي|عطيت')} ${gap(1)}${word('اغراضي|حاجاتي|حاجاتها|اغراضها|اشيايي|اشياءي')}` +
        `|${stem('جرعه|جرعة')} ${word('زايده|زاءده|زائده')}` +
        `|${stem('بلعت|اخدت|اخذت|خدت|شربت')} ${gap(2)}${word('علبه|شريط|كلور|سم|مبيد|كل|كلها|حفنه|كميه|جرعه')}` +
        `|${stem('بلعت|ابلع')} ${gap(2)}${word('حبوب|الحبوب|دوا|الدوا')}` +
        `|${word('كم')} ${word('حبه|حبايه|حبة|قرص')}` +
        `|${stem('شفرات|شفره|موس|الموس|بالموس')} ${gap(3)}${stem('اجرح|جرح|اقطع')}` +
        `|${stem('اجرح|جرح|اقطع|قطع|احرق|حرق')} ${gap(1)}${word('ايدي|ايدها|ايده|شرايين|شراييني|جسمي|جسمها|دراعي|ذراعي|رجلي|فخدي')}` +
        `|${stem('بتقطع|تقطع|بقطع|بتجرح')} ${word('في')} ${word('ايدها|ايده|ايدي|جسمها|نفسها')}` +
        `|${stem('اضرب|اخبط|بخبط|بضرب')} ${gap(1)}${word('راسي|ايدي')} ${gap(2)}${word('الحيطه|الحيط|الجدار')}` +
        `|${word('افكار')} ${word('انتحاريه|سوداء|موت')}` +
        `|${word('الحبل')}|${stem('انط|اقفز|نط')} ${gap(2)}${word('الجسر|الكوبري|البلكونه|السطح|الشباك')}` +
        `|${word('الجسر|الكوبري')} ${gap(3)}${stem('انط|اقفز|ارمي')}` +
        `|${word('تعبت')} ${gap(1)}${word('الحياه|حياتي|العيشه|الدنيا')}`,
    ),
  },
  {
    category: 'self_harm',
    pattern:
      /(?<= )(?:3ayez|3ayza|3awez|bdi|bghit|nfsi|nefsi|7abeb|3ayz|jeteb|bedi) (?:[^ ]+ )?(?:amoot|amout|mout|nmot|nmout|moot)(?= )|(?<= )(?:a2tel|n9tel|nqtel|nektel|a2atel) (?:nafsy|nafsi|rou7i|7ali|ro7i)(?= )|(?<= )(?:msh|mesh|ma|mch) (?:[^ ]+ )?(?:a3eesh|a3ish|n3ich|3ayez a3eesh)(?= )|(?<= )(?:enta7er|ent7ar|inti7ar|nta7er)[a-z]*(?= )|(?<= )makayn (?:[^ ]+ )?sbab(?= )|(?<= )mafeesh ay ma3na(?= )/,
    unless: / (?:3lih|fiki|fih|fiha|men el 7ar|mn el ta3ab|men el|mn el) /,
  },
  // ---- Partner abuse, and threats for leaving ------------------------------------------
  { category: 'partner_abuse', pattern: HURT, negatable: true, unless: NOT_HURT },
  { category: 'partner_abuse', pattern: THREAT, needs: LEAVING, unless: JOKING },
  {
    // A knife shown or named in a threat is violence whatever the threat is for.
    category: 'partner_abuse',
    pattern: new RegExp(
      `${stem('يهدد|هدد|هددني|يهددني')} ${gap(2)}${word('بالسكين|بالسكينه|بسكين|بسكينه|بالمسدس|بالسلاح')}`,
    ),
  },
  {
    category: 'partner_abuse',
    pattern: new RegExp(
      `${word('مسكني|مسكها')} ${gap(1)}${word('رقبتي|رقبتها|شعري')}|${stem('شدني|بيشدني|يشدني|يجرني|جرني')}` +
        `|${stem('نزف|نزل')} ${gap(1)}${word('انفي|الدم|دم')}|${word('ساح|نزل')} ${word('الدم')}` +
        `|${word('غبت|اغمي')} ${word('عن')} ${word('الوعي')}|${word('رعب')} ${gap(3)}${stem('ضرب')}` +
        `|${stem('يكسر|بيكسر')} ${gap(1)}${word('حاجات|اغراض')} ${gap(2)}${stem('يرميها|يرمي|بيرمي')}`,
    ),
    negatable: true,
  },
  // ---- Sexual violence and coercion -----------------------------------------------------
  {
    category: 'sexual_coercion',
    pattern: new RegExp(
      `${stem('اغتصب|غتصب|اغتصاب|تحرش|يتحرش|تحرش|خدر|خدرني|ابتز|ابتزني|غصب|يغصب|بيغصب|غصبني')}` +
        `|${stem('اعتدي|اعتدا')} ${gap(1)}${word('جنسيا|جنسي')}` +
        `|${stem('جبر|اجبر|يجبر|بيجبر|اجبرني|اجبرها')} ${gap(3)}${stem('علاقه|العلاقه|انام|تنام|الجنس|هدوم|هدومي|اخلع|اشياء|اتفرج|اعمل|السرير')}` +
        `|${stem('بالقوه')}|${word('قلت|قولت')} ${gap(2)}${word('لا')} ${gap(4)}${stem('ما وقف|وقف|كمل|يوقف')}` +
        `|${word('اقول')} ${word('لا')}|${stem('رفضت|رفض')} ${gap(3)}${word('كمل|وكمل')}` +
        `|${stem('سكرانه|سكرانة|سكرت|فاقده|نايمه|واعيه|قادره|سكرنا')} ${gap(8)}${stem('كمل|نام|لمسني|علاقه|استغل|وافقت|سريره')}` +
        `|${stem('حط|حطلي|حطلها')} ${gap(1)}${word('حاجه|شي|حبوب|مخدر')} ${gap(1)}${word('العصير|المشروب|الكاس|القهوه|البيبسي')}` +
        `|${word('صور|صوره|فيديو')} ${gap(1)}${word('عاريه|عاري|عارية|لجسمي|جسمي|بدون|عريانه')}` +
        `|${stem('ينشر|نشر|يفضح|بيفضح')} ${gap(4)}${stem('نمت|انام|ارسل|ابعت')}` +
        `|${stem('لمسني|لمسها|يلمسني|بيلمسني')} ${gap(3)}${stem('غصب|نايمه|عني')}` +
        `|${word('فوقي')}|${word('اباحيه|اباحية')}|${word('مارس')} ${gap(4)}${word('ابكي|لا')}` +
        `|${stem('ضغط')} ${gap(2)}${word('لحد|حتي')} ${word('ما')} ${word('وافقت')}` +
        `|${word('الزوجه|المره|المراه')} ${word('ما|لا')} ${word('ترفض')}` +
        `|${stem('ياخذني|ياخدني|ياخذها|ياخدها')} ${gap(1)}${stem('غصب|بالقوه')}` +
        `|${stem('رفضت')} ${word('العلاقه')}` +
        `|${word('ما|مش|ماقدرت')} ${word('قدرت|قادره|قدرتش|عرفت')} ${word('ارفض|اقول')}` +
        `|(?<= )(?:ghasb|ghasabni|ghasbni|ightisab|e8tesab|ta7arosh|ta7arash|mo8tasab)[a-z]*(?= )`,
    ),
  },
  // ---- Coercive control ----------------------------------------------------------------
  {
    category: 'coercive_control',
    pattern: new RegExp(
      `${stem('قرا|يقرا|فتش|يفتش|ياخد|ياخذ|راقب|يراقب|يمسح|مسح|يشوف')} ${gap(1)}${word('رسايلي|رساءلي|جوالي|تليفوني|موبايلي|مكالماتي|الشات|رسايلها|تليفونها|جوالها|ارقام')}` +
        `|${word('برنامج|تطبيق')} ${word('تجسس')}` +
        `|${stem('منع|يمنع|يمنعني|منعني|مانعني|بيمنع')} ${gap(2)}${stem('اكلم|اشوف|اطلع|اشتغل|اكمل|ازور|اسافر|افتح|التليفون|دراستي|صاحباتي')}` +
        `|${word('ما|مش|ماكيخلينيش|ma')} ${gap(0)}${stem('يخليني|يخلينيش|سايبني|سايبني|يسمح|يسمحلي|kaykhallinich|sayebny')} ${gap(2)}${stem('اطلع|اكلم|افتح|اشتغل|اسافر|nkhrej|akalem')}` +
        `|${stem('عزلني|عزلها|حبسني|يحبسني|بيحبسها|يحبسها|يقفل')}` +
        `|${stem('بطلت')} ${word('اطلع')}|${stem('خلاني|خلتني')} ${word('احذف|امسح|اقطع')}` +
        `|${stem('ماخذ|ماخد|اخذ|اخد|ماسك|مخبي')} ${word('جوازي|جواز|باسبوري|الباسبور|جوازها')}` +
        `|${stem('ياخذ|ياخد|اخذ|اخد|ماخد|ماخذ')} ${gap(1)}${word('راتبي|مرتبي|فلوسي|بطاقتي|كارتي|فلوس|مرتبها|راتبها')}` +
        `|${stem('يعطيني|يديني')} ${word('ولا')} ${word('ريال|جنيه|درهم|دينار|قرش')}` +
        `|${word('يحسب|بيحسب')} ${gap(1)}${word('كل')} ${word('جنيه|ريال|درهم|دينار|قرش')}` +
        `|${word('مصروف')} ${gap(1)}${word('كاني|زي')}` +
        `|${word('يتحكم|بيتحكم|ويتحكم|وبيتحكم|كيتحكم|يتحكمون')}|${word('مكانك')} ${word('البيت')}` +
        `|${stem('يهدد|بيهدد|هدد|هددني')} ${gap(4)}${word('لو|اذا|ان|الا')}` +
        `|${stem('ياخد|ياخذ|هاخد|حرم|يحرم|يحرمني|يحرمك')} ${gap(2)}${word('العيال|الاولاد|ولادي|بنتي|ابني|عيالي|الاطفال|اطفالي')}` +
        `|${stem('باسوورد|باسورد|الباسورد|الباسوورد|كلمة السر')}` +
        `|${word('مجنونه|مجنونة')} ${gap(3)}${stem('يصدق|بيصدق')}` +
        `|${stem('يقرر|بيقرر')} ${gap(1)}${word('لبسي|مين|لبسها')}` +
        `|${stem('يهدد|بيهدد|هدد')} ${gap(3)}${stem('نشر|بنشر|يقول|هيقول|يفضح|اسرار')}` +
        `|${word('صوره|صورة')} ${word('كل')} ${word('ساعه')}|${word('خلال')} ${word('دقيقه')}` +
        `|(?<= )(?:bey2ra|kay9ra|by2ra) (?:kol )?(?:rasayly|rasayli|msgati)(?= )|(?<= )kay7ad(?= )`,
    ),
    negatable: true,
    unless: /بنفسي|برضاي|برضانا|برضاهم|واتفقنا|اتفقنا/,
  },
  {
    // A threat of self-harm used to control: "لو سبتيني هقتل نفسي".
    category: 'coercive_control',
    pattern: new RegExp(
      `${stem('نتحر|قتل|يقتل|موت|يموت|ارمي|رمي')}(?: ${gap(1)}${word(SELF)})?` +
        '|(?<= )(?:ha2tel|ha2atel) nafsi(?= )',
    ),
    needs: LEAVING,
    unless: JOKING,
  },
  // ---- Stalking --------------------------------------------------------------------------
  {
    category: 'stalking',
    pattern: new RegExp(
      `${stem('يراقب|راقب|يلاحق|لاحق|يطارد|طارد|يتتبع|تتبع|يتبعني|بيتبعني|يتبع|يتابعني')}` +
        `|${stem('يمشي|ماشي')} ${word('ورايا|وراي|خلفي')}` +
        `|${word('جهاز|تطبيق')} ${word('تتبع')}|${word('airtag|ايرتاج|اير')}` +
        `|${word('حسابات|حساب')} ${word('وهميه|وهمي|فيك')}` +
        `|${word('ارقام|رقم')} ${word('مختلفه|جديده|غريبه|تانيه')}` +
        `|${stem('يعرف|عرف|بيعرف')} ${gap(1)}${word('وين|فين|كل|مكان|مكاني|ايش|عنواني|شو')} ${gap(1)}${stem('اروح|تحركاتي|لابسه|شغلي|مكاني|العنوان')}` +
        `|${word('صور|صوره')} ${word('بيتي|شقتي')}|${word('شفتك')} ${word('اليوم|امبارح')}` +
        `|${stem('اخترق|هكر|هكير')}|${word('بالمنظار')}|${stem('بيصورني|يصورني|كيصورني')}` +
        `|${stem('يجي|بيجي|بتجي|تجي|بييجي|ييجي')} ${gap(2)}${word('بيتي|شغلي|الشغل|الكليه|شقتي|البيت')} ${gap(1)}${word('كل')} ${word('يوم|ليله')}` +
        `|${stem('محدش|ماحد|محد|ما حد|محدا')} ${gap(1)}${stem('يعرف|بيعرف')} ${word('العنوان|عنواني|مكاني|بيتي')}` +
        `|${stem('يستناني|بيستناني|واقف|راكنه|الاقيه|بلاقي|القاه')} ${gap(5)}${word('كل|الفجر|مخيف|مخيفه|ليله|يوم|يوميا|الساعه')}` +
        `|${word('كل')} ${word('يوم|ليله')} ${gap(3)}${stem('الاقيه|بلاقي|عربيته|سيارته|قدام')}` +
        `|${stem('حظرت|بلكت')} ${gap(3)}${word('لسه|ولسه|ما زال|بعدو|رجع')}` +
        `|${stem('يتصل')} ${gap(2)}${word('باهلي|علي|عليها')} ${gap(3)}${word('الفجر|مره|وين')}` +
        `|${stem('ظهر|يظهر')} ${gap(6)}${word('مدعو|رحت|اروح')}` +
        `|(?<= )(?:kaytab3ni|beyetba3ny|byetba3ny|beyraqebny|byra2ebny|kayraqbni|beyestanany)(?= )`,
    ),
    negatable: true,
    unless: /برضانا|برضاي|مفاجاه|مفاجأة/,
  },
];

/** Ages in the text: "عمري ١٤", "عندها 13 سنة", "عمره ٢٥", "3omry 13". */
const AGE_CUE =
  '(?:عمري|عمرها|عمره|عمرو|عمرى|عندي|عندها|عنده|سني|سنها|سنه|انا|هو|هي|وهو|وهي|هوا|3omry|3omri|3andi|3ando|3anda|3omro|3omrha)';
const AGE_BEFORE = new RegExp(`(?<= )${AGE_CUE} ([0-9]{1,2})(?= )`, 'g');
const AGE_AFTER = /(?<= )([0-9]{1,2}) (?:سنه|سنين|عام|سنوات|3am|sana|sna)(?= )/g;
/** Adults by decade ("رجل في الثلاثين"). */
const ADULT_WORDS = new RegExp(
  stem(
    'العشرين|عشرين|الثلاثين|ثلاثين|التلاتين|تلاتين|الاربعين|اربعين|الخمسين|خمسين|متزوج|راجل|رجل|كبير|الكبير|شب|شاب|صاحب ابوي|صاحب اخوي|صديق ابي|صديق والدي|مدرس|المدرس|استاذ|الاستاذ|معلم|المعلم|معلمي|المعلمه|مدرب|المدرب|الدكتور|wa7ed|mod2res',
  ),
);
/** School years below university ("إعدادي", "ثالث متوسط", "الصف الثامن", "أول ثانوي"). */
const SCHOOL = new RegExp(
  `${stem('اعدادي|الاعداديه|اعداديه|متوسط|المتوسط|ابتداءي|ابتدايي|ثانوي|e3dady')}` +
    `|${word('الصف|بالصف|صف')} ${word('السادس|السابع|الثامن|التاسع|التامن|الخامس|الرابع|سادس|سابع|ثامن|تاسع')}`,
);
/** An adult in authority over a child. */
const AUTHORITY = new RegExp(
  stem('مدرس|المدرس|استاذ|الاستاذ|معلم|المعلم|معلمي|المعلمه|مدرب|المدرب|mod2res|mo3alem'),
);
/** What an adult in authority, or a much older person, does when grooming. */
const GROOMING = new RegExp(
  `${word('لوحدنا|لوحدك|لوحدي|لوحده|سر|سرا|سري|بيننا|بينا')}|${stem('تقولي|تقوليش|متقوليش|يعرف')} ${gap(1)}${word('لاحد|لحد|لحدا|اهلك|اهلي|حد')}` +
    `|${stem('يبعتلي|يرسل|بيبعتلي|تبعتلي')} ${gap(2)}${word('رسايل|رساءل|بالليل|حب|انها')}|${word('بالليل')}` +
    `|${word('مميزه|ناضجه|احلي|بحبك|تحبني')}|${stem('يحضن|يبوس|يبوسني|يلمس|بيلمس|بيحضني')}` +
    `|${stem('صور|صوري|صورك|sowar')}|${stem('يقابل|نتقابل|يقابلني|يشوفني|ychoufni|يجي')}` +
    `|${stem('يتزوج|بيتزوج|يزوج|زوجو|يزوجوني|اتجوز')}|${word('بيته|مكتبه|شقته')}|${word('فلوس|بحبك|حب')}` +
    `|${word('7ob|b7ebek|b7ebik|sowar|sora|beyb3atly|kayb3atli')}`,
);

function ages(normalized: string): number[] {
  const found: number[] = [];
  for (const pattern of [AGE_BEFORE, AGE_AFTER]) {
    for (const match of normalized.matchAll(pattern)) found.push(Number(match[1]));
  }
  return found;
}

function minorWithAdult(normalized: string): boolean {
  const all = ages(normalized);
  const minors = all.filter((age) => age >= 8 && age <= 17);
  const minor = minors.length > 0 || SCHOOL.test(normalized);
  if (!minor) return AUTHORITY.test(normalized) && GROOMING.test(normalized);
  const youngest = minors.length > 0 ? Math.min(...minors) : 14;
  if (all.some((age) => age >= 18 && age - youngest >= 4)) return true;
  return (ADULT_WORDS.test(normalized) || AUTHORITY.test(normalized)) && GROOMING.test(normalized);
}

/** Asleep, drunk or unconscious, beside a sexual act, in either order: no consent. */
const INCAPACITATED = new RegExp(
  word('نايمه|نايمة|سكرانه|سكرانة|سكرانين|فاقده|واعيه|sakran|sakrana|fa2ya|fa2da'),
);
const SEXUAL_ACT = new RegExp(
  `${word('علاقه|معايا علاقه|كمل|وكمل|استغل|لمسني|سريره|فوقي|ghasb')}|${word('نام|ينام')} ${word('معايا|معي|معاي')}`,
);

function negated(normalized: string, index: number): boolean {
  const before = normalized.slice(Math.max(0, index - 24), index);
  return NEGATION.test(before) && !NOT_NEGATION.test(before);
}

/** Each rule's pattern with the `g` flag, compiled once, for the rules that look past a match. */
const GLOBAL = new Map<Rule, RegExp>();

function ruleMatches(rule: Rule, normalized: string): boolean {
  if (rule.needs && !rule.needs.test(normalized)) return false;
  if (rule.unless?.test(normalized)) return false;
  // One match is enough unless a negation or a figure may cancel it.
  if (!rule.negatable && !rule.figureAfter) return rule.pattern.test(normalized);
  GLOBAL.set(rule, GLOBAL.get(rule) ?? new RegExp(rule.pattern.source, 'g'));
  for (const match of normalized.matchAll(GLOBAL.get(rule) as RegExp)) {
    if (rule.negatable && negated(normalized, match.index)) continue;
    const after = normalized.slice(match.index + match[0].length);
    if (rule.figureAfter && FIGURE_AFTER.test(after)) continue;
    return true;
  }
  return false;
}

/** The categories an Arabic (or Arabizi) text is about, in the order of `CRISIS_CATEGORIES`. */
export function crisisCategoriesAr(text: string): CrisisCategory[] {
  if (!mayBeArabic(text)) return [];
  const normalized = normalizeArabic(text);
  const joking = JOKING.test(text);
  const figure = DIE_FIGURE_PRE.test(normalized);
  const found = new Set<CrisisCategory>();
  for (const rule of RULES) {
    if (found.has(rule.category)) continue;
    // A laugh makes every wish to die a figure; "موت ضحك" or "بموت فيه" leaves only the
    // word suicide itself to count.
    if (rule.category === 'self_harm' && joking) continue;
    if (rule.category === 'self_harm' && figure && rule !== SUICIDE_WORD) continue;
    if (ruleMatches(rule, normalized)) found.add(rule.category);
  }
  if (INCAPACITATED.test(normalized) && SEXUAL_ACT.test(normalized)) found.add('sexual_coercion');
  if (minorWithAdult(normalized)) found.add('minor_with_adult');
  return CRISIS_CATEGORIES.filter((category) => found.has(category));
}
