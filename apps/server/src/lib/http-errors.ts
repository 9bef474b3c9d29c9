/**
 * The one error convention: an HttpError carries the status and the public body, in the
 * shape the web app relies on: `{"field": ["message"]}` or `{"detail": "..."}`.
 */
import { API_MSG } from '@dating/contract';

export type FieldErrors = Record<string, string[]>;
/** `silenced_until`: a silenced identity's write (plugins/silences.ts). */
export type ErrorBody = FieldErrors | { detail: string; silenced_until?: string };

export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: ErrorBody,
    public readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

export const fieldError = (field: string, message: string) =>
  new HttpError(400, { [field]: [message] });
export const fieldErrors = (errors: FieldErrors) => new HttpError(400, errors);
export const badRequest = (detail: string) => new HttpError(400, { detail });
export const unauthorized = (detail: string = API_MSG.notAuthenticated) =>
  new HttpError(401, { detail }, { 'WWW-Authenticate': 'Bearer realm="api"' });
export const forbidden = (detail: string = API_MSG.forbidden) => new HttpError(403, { detail });
export const notFound = () => new HttpError(404, { detail: API_MSG.notFound });
/** The target's state forbids the change (someone else changed it first). */
export const conflict = (body: ErrorBody) => new HttpError(409, body);
