/**
 * The pages that explain the site: /about, /privacy and /rules, each from its texts (their
 * catalogue comes with this module: router.tsx). The server draws them whole
 * (entry-server.tsx), so they read without scripts.
 */
import { cardClass } from '../../components/ui/card.ts';
import { cx } from '../../lib/cx.ts';
import { TEXT } from '../../lib/messages.ts';
import { type SitePage as SitePageText, sitePage } from '../../lib/site-page-messages.ts';
import styles from './site-page.module.css';

function SitePage({ page }: { page: SitePageText }) {
  return (
    <article className={cx(cardClass, styles.page)}>
      <title>{`${page.title} · ${TEXT.brand}`}</title>
      <h1>{page.title}</h1>
      <p className={styles.intro}>{page.intro}</p>
      {page.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}

export const AboutRoute = () => <SitePage page={sitePage('/about')} />;
export const PrivacyRoute = () => <SitePage page={sitePage('/privacy')} />;
export const RulesRoute = () => <SitePage page={sitePage('/rules')} />;
