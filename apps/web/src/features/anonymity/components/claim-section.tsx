/** My Content, signed in: the way to move a private key's posts into the account (opt-in). */
import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { cx } from '../../../lib/cx.ts';
import { KEY_TEXT } from '../../../lib/key-messages.ts';
import styles from './claim-section.module.css';

const ClaimDialog = lazy(async () => ({
  default: (await import('./claim-dialog.tsx')).ClaimDialog,
}));

export function ClaimSection() {
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="claim-posts" className={cx(cardClass, styles.section)}>
      <h2 id="claim-posts" className={styles.heading}>
        {KEY_TEXT.claimHeading}
      </h2>
      <p className={styles.intro}>{KEY_TEXT.claimIntro}</p>
      <button
        type="button"
        className={buttonClass()}
        onClick={() => {
          setOpened((n) => n + 1);
          setOpen(true);
        }}
      >
        {KEY_TEXT.claimTitle}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ClaimDialog key={opened} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
