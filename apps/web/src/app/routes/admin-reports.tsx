/**
 * /admin/reports: the 'Pending Reports' queue, the same queue grouped per post worst first
 * ("By post": hidden by reports, then crisis flags, then the rest) and the moderation log
 * ("Activity"). The tab is in the address (?tab=posts, ?tab=activity), so it survives a
 * reload.
 */
import { type KeyboardEvent, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActivityLog } from '../../features/moderation/components/activity-log.tsx';
import { ReportGroups } from '../../features/reports/components/report-groups.tsx';
import { ReportList } from '../../features/reports/components/report-list.tsx';
import { QUEUE_TEXT } from '../../features/reports/lib/messages.ts';
import { TEXT } from '../../lib/messages.ts';
import { SAFETY_TEXT } from '../../lib/safety-messages.ts';
import styles from './admin-reports.module.css';

const TABS = ['reports', 'posts', 'activity'] as const;
/** Kept here, not with the screen, so that this page does not load that screen's code. */
const WATCHED_WORDS_LINK = 'Watched words';
type Tab = (typeof TABS)[number];

export function AdminReportsRoute() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'reports';
  const id = useId();
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({
    reports: null,
    posts: null,
    activity: null,
  });
  const headings: Record<Tab, string> = {
    reports: TEXT.pendingReports,
    posts: QUEUE_TEXT.byPostHeading,
    activity: SAFETY_TEXT.activityHeading,
  };
  const heading = headings[tab];
  const label: Record<Tab, string> = {
    reports: TEXT.pendingReports,
    posts: QUEUE_TEXT.byPost,
    activity: SAFETY_TEXT.activity,
  };

  const select = (next: Tab, focus = false) => {
    setParams(next === 'reports' ? {} : { tab: next }, { replace: true });
    if (focus) tabs.current[next]?.focus();
  };
  // The tabs pattern: arrows move between tabs, Home and End go to the first and last.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    const keys: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(TABS[next] ?? 'reports', true);
  };

  return (
    <div>
      <title>{`${heading} · ${TEXT.brand}`}</title>
      <h1>{heading}</h1>
      <p>
        <Link to="/admin/watched-words">{WATCHED_WORDS_LINK}</Link>
      </p>
      <div
        className={styles.tabs}
        role="tablist"
        aria-label={TEXT.moderation}
        onKeyDown={onKeyDown}
      >
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              tabs.current[name] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={styles.tab}
            onClick={() => select(name)}
          >
            {label[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {tab === 'reports' && <ReportList />}
        {tab === 'posts' && <ReportGroups />}
        {tab === 'activity' && <ActivityLog />}
      </div>
    </div>
  );
}
