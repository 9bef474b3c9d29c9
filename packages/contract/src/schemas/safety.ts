/**
 * Safety while writing: what the server adds to the response of a post
 * or an edit, and the support resources it shows for posts about a crisis.
 */
import { type Static, Type } from 'typebox';
import { CRISIS_CATEGORIES, PII_KINDS } from '../enums.ts';
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

/** `GET /api/safety/resources/`: every category's section, for a "Get help" page. */
export const SafetyResourcesResponse = Type.Object({
  message: Type.String(),
  sections: Type.Array(SupportSection),
});
export type SafetyResourcesResponse = Static<typeof SafetyResourcesResponse>;

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
