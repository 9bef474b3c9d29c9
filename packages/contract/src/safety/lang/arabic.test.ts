import { describe, expect, it } from 'vitest';
import { classifyCrisis } from '../crisis.ts';
import { detectPersonalInfo } from '../personal-info.ts';
import { latinDigits, mayBeArabic, normalizeArabic } from './arabic.ts';
import { crisisCategoriesAr } from './crisis-ar.ts';

describe('normalizeArabic', () => {
  it('drops tashkeel and tatweel', () => {
    expect(normalizeArabic('أُفَكِّرُ فِي إِنْهَاءِ حَيَاتِي')).toBe(' افكر في انهاء حياتي ');
    expect(normalizeArabic('حبيـــبي')).toBe(' حبيبي ');
  });

  it("unifies alef, yā' and tā' marbūṭa", () => {
    expect(normalizeArabic('أإآٱ')).toBe(' ا ');
    expect(normalizeArabic('إلى مدرسة')).toBe(' الي مدرسه ');
  });

  it('writes Arabic-Indic and Eastern Arabic digits as Latin ones, keeping offsets', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789 0123456789');
    expect(latinDigits('عمري ١٤').length).toBe('عمري ١٤'.length);
    expect(normalizeArabic('عمري ١٤، وهو ٢٨!')).toBe(' عمري 14 وهو 28 ');
  });

  it('lower-cases Arabizi and shortens a letter stretched three times or more', () => {
    expect(normalizeArabic('3AYEZ Amoot')).toBe(' 3ayez amoot ');
    expect(normalizeArabic('بموووت')).toBe(' بموت ');
  });

  it('runs the Arabic rules only on Arabic or Arabizi', () => {
    expect(mayBeArabic('I am 14 and he is 30')).toBe(false);
    expect(mayBeArabic('3omry 14')).toBe(true);
    expect(mayBeArabic('عمري ١٤')).toBe(true);
    expect(crisisCategoriesAr('my boyfriend hit me')).toEqual([]);
  });
});

describe('the Arabic crisis rules', () => {
  it('reads a stem with its prefixes and pronouns, and a negation before it', () => {
    expect(crisisCategoriesAr('وبيضربني كل يوم')).toEqual(['partner_abuse']);
    expect(crisisCategoriesAr('هو عمره ما ضربني')).toEqual([]);
    expect(crisisCategoriesAr('مش بيراقبني خالص')).toEqual([]);
  });

  it('tells a wish to die from a figure of speech', () => {
    expect(crisisCategoriesAr('عايزة أموت')).toEqual(['self_harm']);
    expect(crisisCategoriesAr('هموت من الجوع')).toEqual([]);
    expect(crisisCategoriesAr('بموت فيه')).toEqual([]);
    // "وأرتاح" after the wish is rest, not a figure (it was once listed with the figures).
    expect(crisisCategoriesAr('ودي أموت وأرتاح')).toEqual(['self_harm']);
  });

  it('reads ages, school years and adults in authority', () => {
    expect(crisisCategoriesAr('عمري ١٤ وهو عنده ٢٩')).toEqual(['minor_with_adult']);
    expect(crisisCategoriesAr('عمري ١٥ وهو ١٦')).toEqual([]);
    expect(crisisCategoriesAr('أنا في تانية إعدادي والمدرس بيقولي متقوليش لحد')).toEqual([
      'minor_with_adult',
    ]);
  });

  it('adds its categories to the English ones, in the order of CRISIS_CATEGORIES', () => {
    expect(classifyCrisis('خطيبي بيراقبني وضربني امبارح')).toEqual(['partner_abuse', 'stalking']);
  });
});

describe('the Arabic personal-info finds', () => {
  it('finds a phone number written in Arabic-Indic digits, with its range', () => {
    const text = 'رقمي ٠١٠١٢٣٤٥٦٧٨ كلمني';
    const [match] = detectPersonalInfo(text);
    expect(match?.kind).toBe('phone');
    expect(text.slice(match?.start, match?.end)).toBe('٠١٠١٢٣٤٥٦٧٨');
  });

  it('leaves prices, Hijri dates and ages alone', () => {
    expect(detectPersonalInfo('المهر ٥٠٠٠٠ ريال')).toEqual([]);
    expect(detectPersonalInfo('كتبنا الكتاب في ٢٠ رمضان ١٤٤٥هـ')).toEqual([]);
    expect(detectPersonalInfo('عمري ٢٨ سنة')).toEqual([]);
  });

  it('reads a wallet number as a payment, not a phone', () => {
    expect(detectPersonalInfo('حولي على فودافون كاش ٠١٠١٢٣٤٥٦٧٨').map((m) => m.kind)).toEqual([
      'payment',
    ]);
  });
});
