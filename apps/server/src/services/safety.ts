/**
 * Safety while writing: what a question or a reply, posted or edited,
 * is checked for before it is stored, and what its response then carries.
 *
 * - Personal information (the contract's guard, the same the web app runs as one types):
 *   with PII_GUARD=warn (the default) its kinds come back in `pii_warnings`, never the
 *   text found; with `block` the post is refused with 400 `{"text": [...]}` naming them;
 *   with `off` nothing is checked.
 * - A crisis (the contract's phrase classifier): the post is published as usual, its
 *   response carries a support panel for the categories recognised, and the caller flags
 *   the post for moderators (repositories/reports.ts, `insertFlag`).
 *
 * The resources of the panel are the defaults (safety/default-resources.json) with, per
 * category, any replacement from the file SAFETY_RESOURCES_FILE names, validated at start-up.
 * A country's own lines (safety/country-helplines.json, each with the page its number was
 * taken from) are sent only when the panel asks for them (`?country=XX`): a post's panel
 * stays as it was, and the web app fetches the lines of the country the visitor picks.
 */
import { readFileSync } from 'node:fs';
import {
  type CountryHelplines,
  CountryHelplinesFile,
  CRISIS_CATEGORIES,
  type CrisisCategory,
  HELPLINE_COUNTRIES,
  type HelplineCountry,
  isHelplineCountry,
  type PiiKind,
  SafetyResourcesFile,
  type SafetyResourcesResponse,
  type SupportPanel,
  type SupportSection,
} from '@dating/contract';
import { classifyCrisis, loadCrisisModel } from '@dating/contract/crisis';
import { personalInfoKinds } from '@dating/contract/personal-info';
import { Value } from 'typebox/value';
import { type Config, ConfigError } from '../config.ts';
import { postKinds } from '../lib/error-messages/kinds.ts';
import { fieldError, message } from '../lib/http-errors.ts';
import countryLines from '../safety/country-helplines.json' with { type: 'json' };
import defaults from '../safety/default-resources.json' with { type: 'json' };

/** What a write's response carries besides the item. */
export interface SafetyReport {
  pii_warnings: PiiKind[];
  support: SupportPanel | null;
  /** The crisis categories recognised: the post is flagged for moderators when any. */
  categories: CrisisCategory[];
}

interface Resources {
  message: string;
  sections: Record<CrisisCategory, SupportSection>;
}

function problemsOf(value: unknown): string[] {
  return [...Value.Errors(SafetyResourcesFile, value)]
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(the whole file)'} ${error.message}`);
}

/** The resources in force: the defaults, each category replaced by the file's when given. */
export function loadSafetyResources(file: string | undefined): Resources {
  const base = defaults as SafetyResourcesFile;
  let custom: SafetyResourcesFile = { categories: {} };
  if (file !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new ConfigError([
        `SAFETY_RESOURCES_FILE "${file}" cannot be read as JSON: ${(error as Error).message}`,
      ]);
    }
    const problems = problemsOf(parsed);
    if (problems.length > 0) {
      throw new ConfigError(
        problems.map((problem) => `SAFETY_RESOURCES_FILE "${file}": ${problem}.`),
      );
    }
    custom = parsed as SafetyResourcesFile;
  }
  const sections = {} as Record<CrisisCategory, SupportSection>;
  for (const category of CRISIS_CATEGORIES) {
    const section = custom.categories[category] ?? base.categories[category];
    if (!section) throw new ConfigError([`The default resources lack "${category}".`]);
    sections[category] = { category, ...section };
  }
  return { message: custom.message ?? base.message ?? '', sections };
}

/** The countries the server has lines for, as a refused `country` names them. */
const COUNTRIES = HELPLINE_COUNTRIES.join(', ');

/**
 * Each country's lines by category, in the panel's order: read from `file` (the data file's
 * contents), refused when a country leaves a category without a line.
 */
export function loadCountryHelplines(file: unknown): Record<HelplineCountry, CountryHelplines> {
  const problems = [...Value.Errors(CountryHelplinesFile, file)]
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(the whole file)'} ${error.message}`);
  if (problems.length > 0) {
    throw new ConfigError(problems.map((problem) => `country-helplines.json: ${problem}.`));
  }
  const read = file as CountryHelplinesFile;
  const out = {} as Record<HelplineCountry, CountryHelplines>;
  for (const code of HELPLINE_COUNTRIES) {
    const { language, emergency, lines } = read[code];
    const sections = CRISIS_CATEGORIES.map((category) => ({
      category,
      resources: lines
        .filter((line) => line.categories.includes(category))
        .map(({ categories: _categories, ...resource }) => resource),
    }));
    const empty = sections.filter((section) => section.resources.length === 0);
    if (empty.length > 0) {
      throw new ConfigError(
        empty.map((s) => `country-helplines.json: ${code} has no line for "${s.category}".`),
      );
    }
    out[code] = { code, language, emergency, sections };
  }
  return out;
}

export class SafetyService {
  private readonly resources: Resources;
  private readonly countries = loadCountryHelplines(countryLines);

  constructor(
    private readonly piiGuard: Config['piiGuard'],
    resourcesFile: string | undefined,
  ) {
    this.resources = loadSafetyResources(resourcesFile);
    // The crisis check's language model (wink-nlp) is read once per process, here at start
    // rather than on the first post, which would otherwise wait about half a second.
    loadCrisisModel();
  }

  /**
   * Checks a post's plain text before it is stored: 400 `{"text": [...]}` when
   * PII_GUARD=block and personal information is found.
   */
  check(plainText: string): SafetyReport {
    const kinds = this.piiGuard === 'off' ? [] : personalInfoKinds(plainText);
    if (this.piiGuard === 'block' && kinds.length > 0) {
      throw fieldError('text', message('personalInfoBlocked', { kinds: postKinds(kinds) }));
    }
    const categories = classifyCrisis(plainText);
    return { pii_warnings: kinds, support: this.panel(categories), categories };
  }

  /** The support panel for the categories recognised; null when there are none. */
  panel(categories: readonly CrisisCategory[]): SupportPanel | null {
    if (categories.length === 0) return null;
    return {
      categories: [...categories],
      message: this.resources.message,
      sections: categories.map((category) => this.resources.sections[category]),
    };
  }

  /**
   * Every category's section (`GET /api/safety/resources/`); with a country, also its own
   * lines. 400 `{"country": [...]}` for a code the server has no lines for (any case).
   */
  all(country?: string): SafetyResourcesResponse {
    const response: SafetyResourcesResponse = {
      message: this.resources.message,
      sections: CRISIS_CATEGORIES.map((category) => this.resources.sections[category]),
    };
    if (country === undefined) return response;
    const code = country.toUpperCase();
    if (!isHelplineCountry(code)) {
      throw fieldError('country', message('countryUnknown', { countries: COUNTRIES }));
    }
    return { ...response, country: this.countries[code] };
  }
}
