/**
 * Safety while writing: what the server adds to the response of a post
 * or an edit, and the support resources it shows for posts about a crisis.
 */
import { type Static, Type } from 'typebox';
import { CRISIS_CATEGORIES, PII_KINDS } from '../enums.ts';
import { HELPLINE_COUNTRIES } from '../helpline-countries.ts';
import { Nullable } from './common.ts';

export const PiiKindSchema = Type.Enum(PII_KINDS);
export const CrisisCategorySchema = Type.Enum(CRISIS_CATEGORIES);

/** One place to turn to: a helpline, a service or a directory of them. */
export const SafetyResource = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 500 }),
    /** Where it serves: "International", or a country or region ("US", "UK and Ireland"). */
    region: Type.String({ minLength: 1, maxLength: 100 }),
    url: Nullable(Type.String({ pattern: '^https://', maxLength: 500 })),
    phone: Nullable(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type SafetyResource = Static<typeof SafetyResource>;

/** What the panel shows for one category: a short supportive sentence and resources. */
export const SupportSection = Type.Object({
  category: CrisisCategorySchema,
  title: Type.String(),
  message: Type.String(),
  resources: Type.Array(SafetyResource),
});
export type SupportSection = Static<typeof SupportSection>;

/**
 * The calm panel after posting about a crisis: the categories recognised, in order, and a
 * section for each. Null on every other post. The post itself is published as usual.
 */
export const SupportPanel = Type.Object({
  categories: Type.Array(CrisisCategorySchema),
  message: Type.String(),
  sections: Type.Array(SupportSection),
});
export type SupportPanel = Static<typeof SupportPanel>;

const sourcedFields = {
  ...SafetyResource.properties,
  /** The official page that publishes the number: where a person checks it before release. */
  source: Type.String({ pattern: '^https://', maxLength: 500 }),
};

/** One of a country's lines, with where its number was taken from. */
export const CountryResource = Type.Object(sourcedFields, { additionalProperties: false });
export type CountryResource = Static<typeof CountryResource>;

export const HelplineCountrySchema = Type.Enum(HELPLINE_COUNTRIES);

/**
 * A country's own lines (`?country=XX`): its emergency number, and per category, in the
 * order of CRISIS_CATEGORIES, at least one line (names and descriptions in `language`).
 */
export const CountryHelplines = Type.Object({
  code: HelplineCountrySchema,
  language: Type.Enum(['es', 'ar']),
  emergency: CountryResource,
  sections: Type.Array(
    Type.Object({ category: CrisisCategorySchema, resources: Type.Array(CountryResource) }),
  ),
});
export type CountryHelplines = Static<typeof CountryHelplines>;

/**
 * `GET /api/safety/resources/`: every category's section, for a "Get help" page; with
 * `?country=XX`, also that country's own lines (`country`), which the panel lists first.
 */
export const SafetyResourcesResponse = Type.Object({
  message: Type.String(),
  sections: Type.Array(SupportSection),
  country: Type.Optional(CountryHelplines),
});
export type SafetyResourcesResponse = Static<typeof SafetyResourcesResponse>;

export const SafetyResourcesQuery = Type.Object({
  country: Type.Optional(
    Type.String({
      maxLength: 10,
      description: `Also list this country's own helplines (\`country\` in the response), as an ISO 3166-1 alpha-2 code: ${HELPLINE_COUNTRIES.join(', ')}. Any other value is a 400.`,
    }),
  ),
});
export type SafetyResourcesQuery = Static<typeof SafetyResourcesQuery>;

/** Added to the response of a question or reply, created or edited. */
export const safetyFields = {
  pii_warnings: Type.Array(PiiKindSchema, {
    description:
      'Kinds of personal information found in the text (never the text found): phone, email, social, address, name, national_id, licence_plate, payment. Empty when none, or when PII_GUARD=off.',
  }),
  support: Nullable(SupportPanel),
};

const SectionFile = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    message: Type.String({ minLength: 1, maxLength: 500 }),
    resources: Type.Array(SafetyResource, { minItems: 1, maxItems: 20 }),
  },
  { additionalProperties: false },
);

/**
 * The file SAFETY_RESOURCES_FILE names (and the defaults): a general message, and per
 * category a title, a message and resources. A category left out keeps its default.
 */
export const SafetyResourcesFile = Type.Object(
  {
    message: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
    categories: Type.Object(
      {
        self_harm: Type.Optional(SectionFile),
        partner_abuse: Type.Optional(SectionFile),
        sexual_coercion: Type.Optional(SectionFile),
        coercive_control: Type.Optional(SectionFile),
        stalking: Type.Optional(SectionFile),
        minor_with_adult: Type.Optional(SectionFile),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type SafetyResourcesFile = Static<typeof SafetyResourcesFile>;

const CountryLineFile = Type.Object(
  {
    ...sourcedFields,
    /** The panel's categories this line serves (at least one). */
    categories: Type.Array(CrisisCategorySchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

/**
 * apps/server/src/safety/country-helplines.json: per country, the language of its lines, its
 * emergency number and its lines, each naming the categories it serves and its source.
 */
export const CountryHelplinesFile = Type.Record(
  HelplineCountrySchema,
  Type.Object(
    {
      language: Type.Enum(['es', 'ar']),
      emergency: CountryResource,
      lines: Type.Array(CountryLineFile, { minItems: 1 }),
    },
    { additionalProperties: false },
  ),
);
export type CountryHelplinesFile = Static<typeof CountryHelplinesFile>;
