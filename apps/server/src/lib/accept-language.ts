/**
 * Which of the server's message languages a request reads (RFC 9110 §12.5.4): the one
 * with the highest q-value among English, Spanish and Arabic, a region subtag ignored
 * (es-MX reads Spanish, ar-EG Arabic); English when the header is absent, unreadable, or
 * names none of them. `*` stands for any, so English.
 */
export const MESSAGE_LANGUAGES = ['en', 'es', 'ar'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** A header longer than this is not read: nobody prefers 100 languages. */
const MAX_HEADER_LENGTH = 1024;

function isMessageLanguage(tag: string): tag is MessageLanguage {
  return (MESSAGE_LANGUAGES as readonly string[]).includes(tag);
}

/** The q-value of one `lang;q=0.8` range: 1 when absent, null when unreadable. */
function weightOf(params: readonly string[]): number | null {
  for (const param of params) {
    const [name, value] = param.split('=').map((part) => part.trim());
    if (name?.toLowerCase() !== 'q') continue;
    if (value === undefined || !/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value)) return null;
    return Number(value);
  }
  return 1;
}

export function messageLanguage(header: string | string[] | undefined): MessageLanguage {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value === undefined || value === '' || value.length > MAX_HEADER_LENGTH) return 'en';
  let best: MessageLanguage = 'en';
  let bestWeight = 0;
  for (const range of value.split(',')) {
    const [tag = '', ...params] = range.split(';').map((part) => part.trim());
    const weight = weightOf(params);
    if (weight === null || weight <= 0) continue;
    const primary = tag.split('-')[0]?.toLowerCase() ?? '';
    const language = primary === '*' ? 'en' : primary;
    // The first of equal weights wins: the order a client lists them in is its preference.
    if (isMessageLanguage(language) && weight > bestWeight) {
      best = language;
      bestWeight = weight;
    }
  }
  return best;
}
