/**
 * /admin/reports, for admins and moderators: the queue's health, the 'Pending Reports'
 * queue, the same queue grouped per post worst first ("By post": hidden by reports, then
 * crisis flags, then the rest), the moderation log ("Activity"), the running silences, and
 * for admins alone the moderators. The tab is in the address (?tab=posts, ?tab=activity,
 * ...), so it survives a reload.
 */
import { type KeyboardEvent, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActivityLog } from '../../features/moderation/components/activity-log.tsx';
import { ModeratorsPanel } from '../../features/moderation/components/moderators-panel.tsx';
import { QueueHealth } from '../../features/moderation/components/queue-health.tsx';
import { SilenceAuthor } from '../../features/moderation/components/silence-form.tsx';
import { SilencesList } from '../../features/moderation/components/silences-list.tsx';
import { MODERATION_TEXT } from '../../features/moderation/lib/messages.ts';
import { ReportGroups } from '../../features/reports/components/report-groups.tsx';
import { ReportList } from '../../features/reports/components/report-list.tsx';
import { QUEUE_TEXT } from '../../features/reports/lib/messages.ts';
import { useViewer } from '../../lib/auth.ts';
import { TEXT } from '../../lib/messages.ts';
import { MODERATION_LOG_TEXT } from '../../lib/moderation-log-messages.ts';
import { t } from '../../locales/moderation/index.ts';
import styles from './admin-reports.module.css';

const ALL_TABS = ['reports', 'posts', 'activity', 'silences', 'moderators'] as const;
type Tab = (typeof ALL_TABS)[number];
/** What a moderator sees: everything but the admins' own tab. */
const MODERATOR_TABS = ALL_TABS.filter((name) => name !== 'moderators');

export function AdminReportsRoute() {
  const [params, setParams] = useSearchParams();
  const { isStaff } = useViewer();
  const TABS: readonly Tab[] = isStaff ? ALL_TABS : MODERATOR_TABS;
  const tab: Tab = TABS.find((name) => name === params.get('tab')) ?? 'reports';
  const id = useId();
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({
    reports: null,
    posts: null,
    activity: null,
    silences: null,
    moderators: null,
  });
  const headings: Record<Tab, string> = {
    reports: TEXT.pendingReports,
    posts: QUEUE_TEXT.byPostHeading,
    activity: MODERATION_LOG_TEXT.activityHeading,
    silences: MODERATION_TEXT.silencesHeading,
    moderators: MODERATION_TEXT.moderatorsHeading,
  };
  const heading = headings[tab];
  const label: Record<Tab, string> = {
    reports: TEXT.pendingReports,
    posts: QUEUE_TEXT.byPost,
    activity: MODERATION_LOG_TEXT.activity,
    silences: MODERATION_TEXT.silences,
    moderators: MODERATION_TEXT.moderators,
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
      <QueueHealth />
      {/* Watched words are the admins' alone. */}
      {isStaff && (
        <p>
          <Link to="/admin/watched-words">{t('watchedHeading')}</Link>
        </p>
      )}
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
        {tab === 'posts' && (
          <ReportGroups
            postActions={(target, title) => <SilenceAuthor target={target} title={title} />}
          />
        )}
        {tab === 'activity' && <ActivityLog />}
        {tab === 'silences' && <SilencesList />}
        {tab === 'moderators' && <ModeratorsPanel />}
      </div>
    </div>
  );
}
