/**
 * The server's messages by code, in each language, and the way back from an English text
 * to its code. The server raises its refusals by code with their values (lib/http-errors.ts),
 * and the error handler writes them in the request's language (`render`). The way back
 * (`identify`) is for what is sent as English text only: Fastify's own errors, a plugin's
 * straight reply. A text no entry matches keeps its English
 * words in English and takes its status's code (`codeForStatus`), whose text stands in for
 * it in the other languages, so that every error has a code and none is half translated.
 */
import { ERROR_MSG, type ErrorCatalogue, type ErrorCode } from '@dating/contract';
import type { MessageLanguage } from '../accept-language.ts';
import { AR } from './ar.ts';
import { ES } from './es.ts';

export const CATALOGUES: Readonly<Record<MessageLanguage, ErrorCatalogue>> = {
  en: ERROR_MSG,
  es: ES,
  ar: AR,
};

/**
 * A value put into a message: the same in every language (a number, a date, a moderator's
 * words), or written for each (the kinds of personal information found).
 */
export type MessageValue = string | ((language: MessageLanguage) => string);
export type MessageParams = Readonly<Record<string, MessageValue>>;

/** A message by its code and the values put into it. */
export interface Message {
  readonly code: ErrorCode;
  readonly params: MessageParams;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** English texts without placeholders, to their code: the first key of a repeated text wins. */
const EXACT = new Map<string, ErrorCode>();
/** English templates with placeholders, as anchored patterns naming their values. */
const TEMPLATES: { code: ErrorCode; pattern: RegExp; names: string[] }[] = [];

for (const [code, text] of Object.entries(ERROR_MSG) as [ErrorCode, string][]) {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  if (names.length === 0) {
    if (!EXACT.has(text)) EXACT.set(text, code);
    continue;
  }
  const source = text
    .split(PLACEHOLDER)
    // split() with a capturing group alternates literal parts and placeholder names.
    .map((part, i) => (i % 2 === 1 ? '([\\s\\S]+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  TEMPLATES.push({ code, pattern: new RegExp(`^${source}$`), names });
}

/** The code (and the values put in) of an English message the server sends, or null. */
export function identify(text: string): Message | null {
  const exact = EXACT.get(text);
  if (exact !== undefined) return { code: exact, params: {} };
  for (const { code, pattern, names } of TEMPLATES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = match[i + 1] ?? '';
    });
    return { code, params };
  }
  return null;
}

/** A code's message in `language`, with its `{name}` placeholders filled in. */
export function render(code: ErrorCode, params: MessageParams, language: MessageLanguage): string {
  return CATALOGUES[language][code].replace(PLACEHOLDER, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined) return whole;
    return typeof value === 'string' ? value : value(language);
  });
}

/**
 * One English message as `language` reads it, with its code: unchanged in English (the
 * seed's words exactly), or the catalogue's text; `fallback` when no entry matches.
 */
export function translate(
  text: string,
  language: MessageLanguage,
  fallback: ErrorCode,
): { code: ErrorCode; text: string } {
  const known = identify(text);
  if (known === null) {
    return { code: fallback, text: language === 'en' ? text : render(fallback, {}, language) };
  }
  return {
    code: known.code,
    text: language === 'en' ? text : render(known.code, known.params, language),
  };
}
