/**
 * What the OpenAPI document says about an operation beyond the route's own schema: an
 * operationId made from the method and path, the credentials it accepts and the 4xx
 * answers the shared plugins give it. All of it follows from a few facts about the route,
 * so every route gets it and none repeats it.
 */
import { ERROR_CODES, ErrorDetail, FieldErrors, SilencedError } from '@dating/contract';

/**
 * Who may call: anyone, with no credentials read (`public`); anyone, signed in or with an
 * anonymous key or neither (`viewer`); a signed-in user; staff.
 */
export type Access = 'public' | 'viewer' | 'signed-in' | 'staff';

export interface RouteFacts {
  access: Access;
  /** The route declares a schema for this part of the request. */
  body: boolean;
  query: boolean;
  params: boolean;
  /** The route's opt-ins: abuse limits, Idempotency-Key, proof-of-work. */
  rateLimited: boolean;
  idempotent: boolean;
  proofOfWork: boolean;
  /** A write a silenced identity is refused (plugins/silences.ts). */
  silenceable: boolean;
}

export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token from POST /api/token/.',
  },
  sessionId: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Session-Id',
    description:
      'The anonymous key of a visitor who is not signed in (a secret): a UUID v4, or 22 to 128 random characters of A-Z a-z 0-9 _ - with at least 12 distinct characters.',
  },
} as const;

type SecurityRequirement = Record<string, string[]>;

/**
 * Public calls read no credentials. Everywhere else a bearer token is optional; a visitor
 * without one may name an anonymous key in X-Session-Id (or as `session_id` in a body, so
 * none of the two is required). Signed-in and staff calls need the bearer token.
 */
export function securityOf(access: Access): SecurityRequirement[] {
  switch (access) {
    case 'public':
      return [];
    case 'viewer':
      return [{ bearer: [] }, { sessionId: [] }, {}];
    case 'signed-in':
    case 'staff':
      return [{ bearer: [] }];
  }
}

const pascal = (word: string) =>
  word
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

/**
 * `get` + the path's words after `/api`, parameters as `By<Name>`:
 * `GET /api/questions/:id/answers/` is `getQuestionsByIdAnswers`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      const param = /^(?::([^(]+)|\{(.+)\})/.exec(segment);
      return param ? `By${pascal(param[1] ?? param[2] ?? '')}` : pascal(segment);
    });
  return method.toLowerCase() + words.join('');
}

const CODE_REF = { $ref: '#/components/schemas/ErrorCode' };

/**
 * Every code an error can carry (`ERROR_MSG`'s keys, packages/contract/src/error-codes.ts).
 * In the document only: the server adds the code as the response leaves (plugins/errors.ts),
 * after the route's schema has written the body.
 */
const ErrorCode = {
  type: 'string' as const,
  enum: ERROR_CODES,
  description:
    'What went wrong, for a program to decide on: stable, unlike `detail`, which follows Accept-Language (English, Spanish or Arabic; English when absent or unknown). A detail body carries it as `code`; every error response in the `Error-Code` header (field errors: the code of each message, comma-separated).',
};

/** A shape with its `code` (a detail body's, in the document). */
const withCode = <T extends { properties: object; required?: string[] }>(shape: T) => ({
  ...shape,
  properties: { ...shape.properties, code: CODE_REF },
  required: [...(shape.required ?? []), 'code'],
});

/** The error shapes, listed once in the document's components. */
export const ERROR_SCHEMAS = {
  ErrorCode,
  ErrorDetail: withCode(ErrorDetail),
  FieldErrors: {
    ...FieldErrors,
    description:
      '`{"field": ["message", ...]}`, exactly (no `code` key, which would read as a field): the codes of the messages are in the `Error-Code` header.',
  },
  SilencedError: withCode(SilencedError),
};
export const ERROR_SHAPE_REFS = {
  ErrorCode: CODE_REF,
  ErrorDetail: { $ref: '#/components/schemas/ErrorDetail' },
  FieldErrors: { $ref: '#/components/schemas/FieldErrors' },
  SilencedError: { $ref: '#/components/schemas/SilencedError' },
};
const errorDetail = ERROR_SHAPE_REFS.ErrorDetail;
const fieldErrors = ERROR_SHAPE_REFS.FieldErrors;

interface ResponseDoc {
  description: string;
  headers?: Record<string, { description: string; type: 'string' | 'integer' }>;
  content: { 'application/json': { schema: unknown } };
}

const json = (schema: unknown) => ({ 'application/json': { schema } });
const detail = (description: string): ResponseDoc => ({ description, content: json(errorDetail) });
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait.', type: 'integer' },
} as const;

/** What every error response carries besides its body. */
const ERROR_HEADERS = {
  'Error-Code': {
    description:
      "The error's code (see ErrorCode); for field errors, each message's, comma-separated.",
    type: 'string',
  },
  'Content-Language': {
    description: 'es or ar when the messages were written in that language (Accept-Language).',
    type: 'string',
  },
} as const;

/** The 4xx answers the route can give through the shared plugins, by status. */
export function errorResponsesOf(facts: RouteFacts): Record<string, ResponseDoc> {
  const out: Record<string, ResponseDoc> = {};
  const readsCredentials = facts.access !== 'public';
  if (facts.body || facts.query || readsCredentials || facts.idempotent) {
    out['400'] = {
      description:
        'Invalid request: `{"field": ["message"]}` for each invalid field (an unusable anonymous key is `session_id`), `{"detail": "message"}` for a problem with no field (a missing or wrong proof-of-work, a malformed Idempotency-Key).',
      content: json({ anyOf: [fieldErrors, errorDetail] }),
    };
  }
  if (readsCredentials) {
    out['401'] = {
      ...detail(
        facts.access === 'viewer'
          ? 'The bearer token is invalid, expired or signed out: refresh it, or call without it.'
          : 'Sign in first: the bearer token is missing, invalid, expired or signed out.',
      ),
      headers: { 'WWW-Authenticate': { description: 'Bearer realm="api"', type: 'string' } },
    };
  }
  if (facts.access === 'staff') {
    out['403'] = detail('Staff only (admins, or admins and moderators).');
  } else if (facts.silenceable) {
    out['403'] = {
      description:
        'The caller (its account, or its anonymous key) is silenced by a moderator: `detail` says why and until when ("You cannot post until <date> UTC: <reason>"), `silenced_until` the end. Reading stays open.',
      content: json(ERROR_SHAPE_REFS.SilencedError),
    };
  }
  if (facts.params) out['404'] = detail('Not found: no such id, or not one the caller may see.');
  if (facts.idempotent) {
    out['409'] = {
      ...detail(
        'A request with this Idempotency-Key is still in progress (retry after Retry-After), or was carried out and its response lost; nothing was done twice.',
      ),
      headers: RETRY_AFTER,
    };
  }
  if (facts.body) {
    out['413'] = detail('The body is over the size limit.');
    out['415'] = detail('The body is not JSON.');
  }
  if (facts.idempotent) {
    out['422'] = detail('This Idempotency-Key was used for a different request.');
  }
  if (facts.rateLimited) {
    out['429'] = {
      ...detail('Too many requests: wait Retry-After seconds.'),
      headers: RETRY_AFTER,
    };
  }
  for (const response of Object.values(out)) {
    response.headers = { ...response.headers, ...ERROR_HEADERS };
  }
  return out;
}
