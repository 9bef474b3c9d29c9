/**
 * Request validation: every part of a request that a route declares (body, query string,
 * path parameters, headers) is checked against its schema, with every problem reported at
 * once, one entry per field (plugins/errors.ts maps them).
 *
 * - JSON bodies are validated as they are, never coerced, so `{"text": 12345}` is a 400
 *   rather than a question.
 * - Query strings and path parameters arrive as text. A number is taken only in its
 *   canonical decimal form (`75`, never `075`, `75.0`, `7.6e1` or `0x4b`): Ajv's own
 *   coercion would read all of those as 75. A parameter given twice, or with brackets
 *   (`tag_id[]=1`), is refused rather than dropped or read as a list.
 * - Unknown fields are dropped, so a field a caller may not set (likes, user, status...)
 *   never reaches a handler; the fields that remain must hold well-formed text (no NUL, no
 *   lone surrogate), or their field gets an error.
 */
import { Ajv, type Options } from 'ajv';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { fieldsWithMalformedText } from '../lib/text-guard.ts';

const common: Options = {
  removeAdditional: 'all',
  useDefaults: true,
  // Every problem of every field at once, as a form needs them.
  allErrors: true,
  coerceTypes: false,
  // TypeBox adds its own metadata keywords; Ajv must ignore rather than reject them.
  strict: false,
};

/** A whole number as text, written the one way: no sign, no leading zero, no exponent. */
const CANONICAL_NUMBER = /^(0|[1-9][0-9]{0,15})$/;

/** Keywords of the errors made here (plugins/errors.ts words them). */
export const SINGLE_VALUE = 'singleValue';
export const MALFORMED = 'malformedText';

type Schema = { properties?: Record<string, { type?: unknown }> };

const issue = (field: string, keyword: string): FastifySchemaValidationError => ({
  instancePath: field === '' ? '' : `/${field}`,
  keyword,
  params: {},
  schemaPath: '#',
  message: keyword,
});

type Validator = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

/**
 * Text parts (query, params, headers): canonical numbers become numbers; a repeated or
 * bracketed parameter that the schema names is a field error on that parameter.
 */
function textValidator(ajv: Ajv, schema: Schema): Validator {
  const validate = ajv.compile(schema);
  const properties = schema.properties ?? {};
  const numeric = new Set(
    Object.entries(properties)
      .filter(([, property]) => property.type === 'integer' || property.type === 'number')
      .map(([name]) => name),
  );
  const check: Validator = (data) => {
    const refused = new Set<string>();
    if (typeof data === 'object' && data !== null) {
      const record = data as Record<string, unknown>;
      for (const [key, value] of Object.entries(record)) {
        const base = /^([^[\]]+)\[/.exec(key)?.[1];
        if (base !== undefined && Object.hasOwn(properties, base)) refused.add(base);
        else if (Array.isArray(value) && Object.hasOwn(properties, key)) refused.add(key);
        else if (numeric.has(key) && typeof value === 'string' && CANONICAL_NUMBER.test(value)) {
          record[key] = Number(value);
        }
      }
    }
    return finish(
      check,
      validate,
      data,
      [...refused].map((field) => issue(field, SINGLE_VALUE)),
    );
  };
  return check;
}

function bodyValidator(ajv: Ajv, schema: Schema): Validator {
  const validate = ajv.compile(schema);
  const check: Validator = (data) => finish(check, validate, data, []);
  return check;
}

/**
 * Runs the schema (which drops unknown fields), then the text check on what is left.
 * Problems found before the schema ran stand for their fields: the schema's own complaint
 * about the same field (a list where a value belongs) would only repeat it.
 */
function finish(
  check: Validator,
  validate: Validator,
  data: unknown,
  before: FastifySchemaValidationError[],
): boolean {
  const valid = validate(data);
  const flagged = new Set(before.map((error) => error.instancePath));
  const schemaErrors = (validate.errors ?? []).filter(
    (error) => !flagged.has(`/${error.instancePath.split('/')[1] ?? ''}`),
  );
  const malformed = fieldsWithMalformedText(data)
    .filter((field) => !flagged.has(`/${field}`))
    .map((field) => issue(field, MALFORMED));
  check.errors = [...before, ...schemaErrors, ...malformed];
  return valid && check.errors.length === 0;
}

export default fp(
  async (app: FastifyInstance) => {
    const ajv = new Ajv(common);
    app.setValidatorCompiler(({ schema, httpPart }) =>
      httpPart === 'body'
        ? bodyValidator(ajv, schema as Schema)
        : textValidator(ajv, schema as Schema),
    );
  },
  { name: 'validation' },
);
