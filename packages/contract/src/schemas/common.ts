import { type Static, type TSchema, Type } from 'typebox';
import { AGE_RANGES, GENDERS, REPORT_REASONS, REPORT_STATUSES } from '../enums.ts';
import { LIMITS, MAX_ID } from '../limits.ts';
import { SESSION_ID_RULES } from '../session-id.ts';

export function Nullable<T extends TSchema>(schema: T, options?: { description?: string }) {
  return Type.Union([schema, Type.Null()], options);
}

/** Database ids are PostgreSQL `integer`s; anything outside that range cannot exist. */
export const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
export const IdParams = Type.Object({ id: Id });

/**
 * A page of a list: at most `limit` items from `cursor` on (a signed keyset position the
 * previous page's `Link: <...>; rel="next"` header carries).
 */
export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.pageSizeMax })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PageQuery = Static<typeof PageQuery>;

export const GenderSchema = Type.Enum(GENDERS, {
  description: 'W Woman, M Man, NB Non Binary, U Unspecified (default)',
});
export const AgeRangeSchema = Type.Enum(AGE_RANGES, { description: 'U Unspecified (default)' });
export const ReportReasonSchema = Type.Enum(REPORT_REASONS);
export const ReportStatusSchema = Type.Enum(REPORT_STATUSES);

/**
 * An anonymous session id in a body. Its strength is checked where the request's identity
 * is settled (apps/server/src/auth/identity.ts), for the body and the X-Session-Id header
 * alike, and it is ignored when the request carries a valid bearer token.
 */
export const SessionIdSchema = Type.String({
  maxLength: SESSION_ID_RULES.maxLength,
  description:
    'Anonymous session id (a secret): a UUID v4, or 22 to 128 random characters of A-Z a-z 0-9 _ - with at least 12 distinct characters. Ignored when signed in.',
});

/** `{"detail": "..."}` for a non-field error; field errors are `{"field": ["..."]}`. */
export const ErrorDetail = Type.Object({ detail: Type.String() });

/** `{"field": ["message", ...]}`: each invalid field of a request with its problems. */
export const FieldErrors = Type.Object({}, { additionalProperties: Type.Array(Type.String()) });

export const Timestamp = Type.String({ format: 'date-time' });

/**
 * What the requester may do with a question or an answer, decided by the server
 * (apps/server/src/presenters/ownership.ts `rightsOf`) as its commands decide it; the web
 * app draws Edit, Delete, Reply and Report from it and keeps no rule of its own.
 */
export const Rights = Type.Object(
  {
    edit: Type.Boolean({
      description: 'Its author: the account, or the anonymous key that wrote it.',
    }),
    delete: Type.Boolean({ description: 'Its author, or an admin.' }),
    reply: Type.Boolean({
      description:
        'Replies may be posted under it: false on a deleted reply, and on a post hidden while moderators review it, except for its author and admins (who see it whole). A post hidden from the requester has every right false.',
    }),
    report: Type.Boolean({
      description: 'Anyone but its author, on a post they see whole (a deleted reply: nobody).',
    }),
  },
  { description: 'What the requester (account, anonymous key, or nobody) may do with it.' },
);
export type Rights = Static<typeof Rights>;
