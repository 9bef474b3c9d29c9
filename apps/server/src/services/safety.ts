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
 */
import { readFileSync } from 'node:fs';
import {
  CRISIS_CATEGORIES,
  type CrisisCategory,
  type PiiKind,
  piiBlockedMessage,
  SafetyResourcesFile,
  type SafetyResourcesResponse,
  type SupportPanel,
  type SupportSection,
} from '@dating/contract';
import { classifyCrisis, loadCrisisModel } from '@dating/contract/crisis';
import { personalInfoKinds } from '@dating/contract/personal-info';
import { Value } from 'typebox/value';
import { type Config, ConfigError } from '../config.ts';
import { fieldError } from '../lib/http-errors.ts';
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

export class SafetyService {
  private readonly resources: Resources;

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
      throw fieldError('text', piiBlockedMessage(kinds));
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

  /** Every category's section (`GET /api/safety/resources/`). */
  all(): SafetyResourcesResponse {
    return {
      message: this.resources.message,
      sections: CRISIS_CATEGORIES.map((category) => this.resources.sections[category]),
    };
  }
}
