/**
 * The calm panel shown after posting about a crisis, beside that post. It stays small (on a
 * phone at most about a third of the screen): one sentence, the first two places to turn to,
 * and "More help", which opens the rest: the server's whole message (with the emergency
 * numbers) and per category a short message and its places (names, descriptions, links and
 * phone numbers). The post itself is published as usual. A labelled region that takes focus
 * when it appears, so that a screen reader reads it; Dismiss closes it and focus goes back
 * to the post it follows.
 *
 * More help starts with a country menu (lib/helpline-country.ts: the visitor's pick, kept in
 * this browser, else one that follows their language). For a country, its own lines are
 * fetched (not bundled: they are only needed here) and listed first, in their own language,
 * with the international ones after; "International" shows the panel as the server sent it.
 */
import type {
  CountryHelplines,
  SafetyResource,
  SafetyResourcesResponse,
  SupportPanel as SupportPanelData,
  SupportSection,
} from '@dating/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, withQuery } from '../../lib/api-client.ts';
import { focusPostBefore } from '../../lib/focus-post.ts';
import {
  HELPLINE_CHOICES,
  type HelplineChoice,
  helplineCountryFor,
  isHelplineChoice,
} from '../../lib/helpline-country.ts';
import { activeLocale } from '../../lib/i18n.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { SAFETY_TEXT } from '../../lib/safety-messages.ts';
import { storeHelplineCountry } from '../../lib/storage.ts';
import { localizedPanel } from '../../lib/support-panel-words.ts';
import { buttonClass } from './button.ts';
import styles from './support-panel.module.css';

/** How many places to turn to show before "More help". */
const FIRST_RESOURCES = 2;

/** The first sentence of `text` (all of it when it has one). */
function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/s.exec(text.trim());
  return match ? match[0] : text.trim();
}

/** A place to turn to, with the language it is written in when not the page's. */
type ShownResource = SafetyResource & { lang?: string };

const resourceKey = (resource: SafetyResource) =>
  `${resource.name}-${resource.region}-${resource.phone}`;

/** A country's lines are in their own language: Arabic reads right to left. */
const langProps = (resource: ShownResource) =>
  resource.lang ? { lang: resource.lang, dir: resource.lang === 'ar' ? 'rtl' : 'ltr' } : {};

/**
 * The server's lines (names and descriptions) are in English: on a page in another language
 * they say so (a screen reader then reads them in English), a country's own lines aside.
 */
const inEnglish = (resource: ShownResource): ShownResource =>
  resource.lang || activeLocale() === 'en' ? resource : { ...resource, lang: 'en' };

/**
 * A section as shown: with a country's lines, those first and then the international ones
 * (another country's lines would not help); without, as the server sent it.
 */
function withCountry(
  section: SupportSection,
  country: CountryHelplines | undefined,
): ShownResource[] {
  if (!country) return section.resources.map(inEnglish);
  const own = country.sections.find((s) => s.category === section.category)?.resources ?? [];
  return [
    ...own.map(({ source: _source, ...resource }) => ({ ...resource, lang: country.language })),
    ...section.resources.filter((resource) => resource.region === 'International').map(inEnglish),
  ];
}

/**
 * A country's lines (and the whole list besides), fetched once per page load. Without the
 * API client's session key and token: which country someone in crisis looks at is not tied
 * to who they are.
 */
async function fetchCountryHelplines(
  country: string,
  signal: AbortSignal,
): Promise<SafetyResourcesResponse> {
  const base = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '');
  const response = await fetch(withQuery(`${base}/api/safety/resources/`, { country }), {
    signal,
    credentials: 'omit',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new ApiError(response.status, null);
  return (await response.json()) as SafetyResourcesResponse;
}

function useCountryHelplines(choice: HelplineChoice) {
  return useQuery({
    queryKey: queryKeys.helplines(choice),
    queryFn: ({ signal }) => fetchCountryHelplines(choice, signal),
    enabled: choice !== 'international',
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}

/** The line's region; "International" in the page's language (and read in it). */
function RegionLabel({ region }: { region: string }) {
  const shown = SAFETY_TEXT.region(region);
  return (
    <span className={styles.region} lang={shown === region ? undefined : activeLocale()}>
      ({shown})
    </span>
  );
}

function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{SAFETY_TEXT.call(phone)}</a>;
}

/** One place on a line: its name (a link), its region, and its number to call. */
function ShortResource({ resource }: { resource: ShownResource }) {
  return (
    <li className={styles.short} {...langProps(resource)}>
      {resource.url ? (
        <a href={resource.url} target="_blank" rel="noopener noreferrer" className={styles.name}>
          {resource.name}
        </a>
      ) : (
        <span className={styles.name}>{resource.name}</span>
      )}{' '}
      <RegionLabel region={resource.region} />
      {resource.phone && (
        <>
          {' · '}
          <PhoneLink phone={resource.phone} />
        </>
      )}
    </li>
  );
}

function FullResource({ resource }: { resource: ShownResource }) {
  return (
    <li className={styles.resource} {...langProps(resource)}>
      <p className={styles.name}>
        {resource.url ? (
          <a href={resource.url} target="_blank" rel="noopener noreferrer">
            {resource.name}
          </a>
        ) : (
          resource.name
        )}{' '}
        <RegionLabel region={resource.region} />
      </p>
      {resource.description && <p className={styles.description}>{resource.description}</p>}
      {resource.phone && (
        <p className={styles.phone}>
          <PhoneLink phone={resource.phone} />
        </p>
      )}
    </li>
  );
}

/** The menu of countries, and what their lines' fetch is doing. */
function CountryMenu({
  choice,
  onChoose,
  status,
  onRetry,
}: {
  choice: HelplineChoice;
  onChoose: (choice: HelplineChoice) => void;
  status: 'idle' | 'loading' | 'failed';
  onRetry: () => void;
}) {
  const id = useId();
  return (
    <div className={styles.country}>
      <label htmlFor={id} className={styles.countryLabel}>
        {SAFETY_TEXT.helplineCountry}
      </label>{' '}
      <select
        id={id}
        value={choice}
        onChange={(event) => {
          if (isHelplineChoice(event.target.value)) onChoose(event.target.value);
        }}
      >
        {HELPLINE_CHOICES.map((code) => (
          <option key={code} value={code}>
            {SAFETY_TEXT.country(code)}
          </option>
        ))}
      </select>
      <p className={styles.countryStatus} role="status">
        {status === 'loading' && SAFETY_TEXT.helplinesLoading}
        {status === 'failed' && (
          <>
            {SAFETY_TEXT.helplinesFailed}{' '}
            <button type="button" className={buttonClass('ghost', 'small')} onClick={onRetry}>
              {SAFETY_TEXT.retryHelplines}
            </button>
          </>
        )}
      </p>
    </div>
  );
}

export default function SupportPanel({
  panel: sent,
  language = null,
  afterPost,
  onDismiss,
}: {
  panel: SupportPanelData;
  /** The language of the post that brought it, when known: the default country follows it. */
  language?: string | null;
  /** Drawn right after the post that brought it (not at the top of the page). */
  afterPost: boolean;
  onDismiss: () => void;
}) {
  // The server's default words in the page's language (an operator's own stay as sent).
  const panel = localizedPanel(sent);
  const headingId = useId();
  const moreId = useId();
  const region = useRef<HTMLElement>(null);
  const [more, setMore] = useState(false);
  const [choice, setChoice] = useState<HelplineChoice>(() => helplineCountryFor(language));
  const helplines = useCountryHelplines(choice);
  const country = choice === 'international' ? undefined : helplines.data?.country;
  const sections = panel.sections.map((section) => ({
    ...section,
    shown: withCountry(section, country),
  }));
  const choose = (next: HelplineChoice) => {
    setChoice(next);
    storeHelplineCountry(next);
  };

  // A frame later: after the thread has scrolled to and focused the new post, the panel
  // beside it takes the focus and comes into view (if it is not already).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      region.current?.focus({ preventScroll: true });
      region.current?.scrollIntoView({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  const first = sections[0];
  const shown = new Set((first?.shown ?? []).slice(0, FIRST_RESOURCES).map(resourceKey));
  const dismiss = () => {
    const element = region.current;
    onDismiss();
    if (afterPost) focusPostBefore(element);
  };

  return (
    <section
      ref={region}
      className={styles.panel}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="support-panel"
    >
      <div className={styles.top}>
        <h2 id={headingId} className={styles.heading}>
          {SAFETY_TEXT.supportHeading}
        </h2>
        <button
          type="button"
          className={buttonClass('ghost', 'small')}
          aria-label={SAFETY_TEXT.dismissSupport}
          onClick={dismiss}
        >
          {SAFETY_TEXT.dismiss}
        </button>
      </div>
      {first && <p className={styles.summary}>{firstSentence(first.message)}</p>}
      <ul className={styles.shortList}>
        {(first?.shown ?? []).slice(0, FIRST_RESOURCES).map((resource) => (
          <ShortResource key={resourceKey(resource)} resource={resource} />
        ))}
      </ul>
      <button
        type="button"
        className={buttonClass('default', 'small')}
        aria-expanded={more}
        aria-controls={moreId}
        onClick={() => setMore((open) => !open)}
      >
        {SAFETY_TEXT.moreHelp}
      </button>
      <div id={moreId} hidden={!more} className={styles.more}>
        <CountryMenu
          choice={choice}
          onChoose={choose}
          status={
            choice === 'international' || helplines.data
              ? 'idle'
              : helplines.isError
                ? 'failed'
                : 'loading'
          }
          onRetry={() => void helplines.refetch()}
        />
        <p className={styles.message}>
          {panel.message} {SAFETY_TEXT.supportPosted}
        </p>
        {country && (
          <div className={styles.emergency}>
            <h3 className={styles.title}>{SAFETY_TEXT.emergency}</h3>
            <ul className={styles.resources}>
              <FullResource resource={{ ...country.emergency, lang: country.language }} />
            </ul>
          </div>
        )}
        {sections.map((section) => {
          const rest = section.shown.filter((resource) => !shown.has(resourceKey(resource)));
          return (
            <section key={section.category} className={styles.section}>
              <h3 className={styles.title}>{section.title}</h3>
              <p className={styles.message}>{section.message}</p>
              {rest.length > 0 && (
                <ul className={styles.resources}>
                  {rest.map((resource) => (
                    <FullResource key={resourceKey(resource)} resource={resource} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
