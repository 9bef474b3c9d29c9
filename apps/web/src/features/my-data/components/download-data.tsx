/** "Download my data": everything kept for this tab's account or key, as a JSON file. */
import { buttonClass } from '../../../components/ui/button.ts';
import { cardClass } from '../../../components/ui/card.ts';
import { useToast } from '../../../components/ui/toast.tsx';
import { cx } from '../../../lib/cx.ts';
import { DATA_TEXT } from '../../../lib/my-data-messages.ts';
import { useDownloadExport } from '../api/download-export.ts';
import styles from './my-data.module.css';

export function DownloadData({ forKey = false }: { forKey?: boolean }) {
  const download = useDownloadExport();
  const toast = useToast();
  return (
    <section className={cx(cardClass, styles.section)} aria-labelledby="your-data">
      <h2 id="your-data" className={styles.heading}>
        {DATA_TEXT.yourData}
      </h2>
      <p className={styles.intro}>
        {forKey ? DATA_TEXT.downloadIntroKey : DATA_TEXT.downloadIntro}
      </p>
      <button
        type="button"
        className={buttonClass()}
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, { onError: () => toast.error(DATA_TEXT.downloadFailed) })
        }
      >
        {download.isPending ? DATA_TEXT.downloading : DATA_TEXT.download}
      </button>
    </section>
  );
}
