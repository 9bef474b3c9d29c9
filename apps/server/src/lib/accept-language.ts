/**
 * Which of the site's languages a request's API messages are in: the page's own reading of
 * `Accept-Language` (the contract's `negotiateLocale`: highest q-value, region subtags
 * ignored, `*` as English), English when the header is absent or names none of them. The
 * page adds the `lang` cookie to it (`requestLocale`); an API message follows the header
 * alone, which every client sends.
 */
import { negotiateLocale, type SiteLocale } from '@dating/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type MessageLanguage = SiteLocale;

export function messageLanguage(header: string | string[] | undefined): MessageLanguage {
  const value = Array.isArray(header) ? header.join(',') : header;
  return negotiateLocale(value) ?? 'en';
}

/** The Vary header with Accept-Language added to what the response already names. */
function varyWithLanguage(current: unknown): string {
  const named = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (named.includes('*')) return '*';
  if (!named.some((name) => name.toLowerCase() === 'accept-language')) {
    named.push('Accept-Language');
  }
  return named.join(', ');
}

/**
 * Says on `reply` that its words are in `language` (null: in none of ours in particular):
 * the same address answers in another language for another Accept-Language.
 */
export function languageHeaders(reply: FastifyReply, language: MessageLanguage | null): void {
  reply.header('Vary', varyWithLanguage(reply.getHeader('vary')));
  if (language !== null && language !== 'en') reply.header('Content-Language', language);
}

/** The language a response with words in it is written in, said on `reply`. */
export function answerLanguage(request: FastifyRequest, reply: FastifyReply): MessageLanguage {
  const language = messageLanguage(request.headers['accept-language']);
  languageHeaders(reply, language);
  return language;
}
