/**
 * The one error convention: an HttpError carries the status and the public body, in the
 * shape the web app relies on: `{"field": ["message"]}` or `{"detail": "..."}`.
 *
 * The server raises a refusal by its code and the values put into it (`message`), not by
 * its English words: the error handler writes it in the request's language, values
 * included (plugins/errors.ts). `body` is the English rendering, the seed's words exactly,
 * for logs and for whoever reads the error in the process.
 */
import type { ErrorCode } from '@dating/contract';
import type { MessageLanguage } from './accept-language.ts';
import {
  type Message,
  type MessageParams,
  type MessageValue,
  render,
} from './error-messages/catalogue.ts';

export type { Message, MessageValue };
export type FieldErrors = Record<string, string[]>;
/** `silenced_until`: a silenced identity's write (plugins/silences.ts). */
export type ErrorBody = FieldErrors | { detail: string; silenced_until?: string };

/** A message by code, or a code alone (a message with no values). */
export type MessageLike = ErrorCode | Message;
export type FieldMessages = Record<string, MessageLike[]>;

export const message = (code: ErrorCode, params: MessageParams = {}): Message => ({
  code,
  params,
});
const toMessage = (like: MessageLike): Message =>
  typeof like === 'string' ? { code: like, params: {} } : like;

/** An error body by code: a detail (with the extra fields it keeps) or messages per field. */
export type CodedBody =
  | { kind: 'detail'; detail: Message; extra: Readonly<Record<string, string>> }
  | { kind: 'fields'; fields: Readonly<Record<string, readonly Message[]>> };

/**
 * The body in `language`, and the codes it carries (one for a detail, one per distinct
 * message otherwise, in body order). A detail body keeps its other fields and gains `code`
 * after them; a field body keeps its shape exactly (the codes go in a header).
 */
export function renderBody(
  coded: CodedBody,
  language: MessageLanguage,
): { body: Record<string, unknown>; codes: ErrorCode[] } {
  if (coded.kind === 'detail') {
    const { code } = coded.detail;
    return {
      body: {
        detail: render(coded.detail.code, coded.detail.params, language),
        ...coded.extra,
        code,
      },
      codes: [code],
    };
  }
  const codes: ErrorCode[] = [];
  const body: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(coded.fields)) {
    body[field] = messages.map((item) => {
      if (!codes.includes(item.code)) codes.push(item.code);
      return render(item.code, item.params, language);
    });
  }
  return { body, codes };
}

/** The English body without its code: what `HttpError.body` has always been. */
function englishBody(coded: CodedBody): ErrorBody {
  const { body } = renderBody(coded, 'en');
  if (coded.kind === 'fields') return body as FieldErrors;
  const { code: _code, ...rest } = body;
  return rest as ErrorBody;
}

export class HttpError extends Error {
  public readonly body: ErrorBody;

  constructor(
    public readonly statusCode: number,
    public readonly coded: CodedBody,
    public readonly headers: Record<string, string> = {},
  ) {
    const body = englishBody(coded);
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
    this.body = body;
  }
}

/** A `{"detail": ...}` error by code; `extra` fields go after the detail. */
export const detailError = (
  status: number,
  detail: MessageLike,
  headers: Record<string, string> = {},
  extra: Record<string, string> = {},
) => new HttpError(status, { kind: 'detail', detail: toMessage(detail), extra }, headers);

const fieldsOf = (errors: FieldMessages) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field, messages.map(toMessage)]),
  );

export const fieldError = (field: string, item: MessageLike) =>
  new HttpError(400, { kind: 'fields', fields: { [field]: [toMessage(item)] } });
export const fieldErrors = (errors: FieldMessages) =>
  new HttpError(400, { kind: 'fields', fields: fieldsOf(errors) });
export const badRequest = (detail: MessageLike) => detailError(400, detail);
export const unauthorized = (detail: MessageLike = 'notAuthenticated') =>
  detailError(401, detail, { 'WWW-Authenticate': 'Bearer realm="api"' });
export const forbidden = (detail: MessageLike = 'forbidden') => detailError(403, detail);
export const notFound = () => detailError(404, 'notFound');
/** The target's state forbids the change (someone else changed it first): per field. */
export const conflict = (errors: FieldMessages) =>
  new HttpError(409, { kind: 'fields', fields: fieldsOf(errors) });
