/**
 * "Move my anonymous posts to this account": the visitor picks a private key (this tab's key
 * from before logging in, the one saved on this device, or one they paste), sees exactly
 * which posts will move and what that means, and confirms. Only then `POST /api/my/claim/`.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import fieldStyles from '../../../components/ui/field.module.css';
import { FormActions, FormError } from '../../../components/ui/form.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Modal } from '../../../components/ui/modal-on-demand.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useForm } from '../../../hooks/use-form.ts';
import { useSingleFlight } from '../../../hooks/use-single-flight.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { isAuthError, isOffline } from '../../../lib/error-messages.ts';
import { KEY_TEXT } from '../../../lib/key-messages.ts';
import { MSG, TEXT } from '../../../lib/messages.ts';
import { peekSessionId, privateKeyStore } from '../../../lib/storage.ts';
import { useClaimPosts } from '../api/claim-posts.ts';
import { allAnonymousPostsQueryOptions } from '../api/get-anonymous-posts.ts';
import { keyInputError } from '../lib/key-problems.ts';
import { parseKeyInput } from '../lib/private-key.ts';
import styles from './claim-dialog.module.css';
import { KeyField } from './key-field.tsx';
import { PostList, PostListSkeleton } from './post-list.tsx';

type Source = 'tab' | 'device' | 'paste';

interface Choice {
  source: Source;
  input: string;
}

/** What the server or the connection said, in words for this dialog. */
function claimErrorMessage(error: unknown): string {
  if (isOffline(error)) return TEXT.offline;
  if (isAuthError(error)) return MSG.notAuthorized;
  const field = error instanceof ApiError ? error.fieldErrors.session_id : undefined;
  return field ? field.join(' ') : KEY_TEXT.claimFailed;
}

function ChooseKey({
  tabKey,
  deviceKey,
  last,
  onChosen,
  onCancel,
}: {
  tabKey: string | null;
  deviceKey: string | null;
  /** The choice made before going Back, kept. */
  last: Choice | null;
  onChosen: (key: string, choice: Choice) => void;
  onCancel: () => void;
}) {
  const name = useId();
  const form = useForm<Choice>({
    initialValues: () =>
      last ?? {
        source: tabKey !== null ? 'tab' : deviceKey !== null ? 'device' : 'paste',
        input: '',
      },
    validate: (values) => {
      if (values.source !== 'paste') return {};
      const error = keyInputError(values.input);
      return error === null ? {} : { input: error };
    },
    onSubmit: async (values) => {
      const key =
        values.source === 'tab'
          ? tabKey
          : values.source === 'device'
            ? deviceKey
            : parseKeyInput(values.input).key;
      if (key === null) return false;
      onChosen(key, values);
      return true;
    },
  });
  const options: { source: Source; label: string }[] = [
    ...(tabKey !== null ? [{ source: 'tab' as const, label: KEY_TEXT.tabKey }] : []),
    ...(deviceKey !== null ? [{ source: 'device' as const, label: KEY_TEXT.deviceKey }] : []),
    { source: 'paste', label: KEY_TEXT.pastedKey },
  ];
  const error = form.errors.input;
  return (
    <form noValidate onSubmit={form.onSubmit}>
      <p className={styles.intro}>{KEY_TEXT.claimIntro}</p>
      <fieldset className={styles.choices}>
        <legend className={fieldStyles.label}>{KEY_TEXT.whichKey}</legend>
        {options.map((option) => (
          <label key={option.source} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={option.source}
              checked={form.values.source === option.source}
              onChange={() => form.setValue('source', option.source)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {form.values.source === 'paste' && (
        <KeyField
          value={form.values.input}
          error={error}
          onChange={(value) => form.setValue('input', value)}
        />
      )}
      <FormActions>
        <button type="button" className={buttonClass()} onClick={onCancel}>
          {TEXT.cancel}
        </button>
        <button type="submit" className={buttonClass('primary')}>
          {KEY_TEXT.showPosts}
        </button>
      </FormActions>
    </form>
  );
}

function Preview({
  sessionKey,
  onBack,
  onMoved,
}: {
  sessionKey: string;
  onBack: () => void;
  onMoved: () => void;
}) {
  const preview = useQuery(allAnonymousPostsQueryOptions(sessionKey));
  const claim = useClaimPosts();
  const toast = useToast();
  const [moving, runMove] = useSingleFlight();
  const [failure, setFailure] = useState<string | null>(null);
  const meaningId = useId();

  const back = (
    <button type="button" className={buttonClass()} onClick={onBack}>
      {KEY_TEXT.back}
    </button>
  );
  if (preview.isPending) return <PostListSkeleton />;
  if (preview.isError) {
    return (
      <>
        <LoadError
          message={
            preview.error instanceof ApiError && preview.error.status === 400
              ? claimErrorMessage(preview.error)
              : MSG.loadContentFailed
          }
          retrying={preview.isFetching}
          onRetry={() => void preview.refetch()}
        />
        <FormActions>{back}</FormActions>
      </>
    );
  }
  const { posts, complete } = preview.data;
  if (posts.length === 0) {
    return (
      <>
        <p className={styles.none}>{KEY_TEXT.claimNone}</p>
        <FormActions>{back}</FormActions>
      </>
    );
  }
  const questions = posts.filter((post) => post.type === 'question').length;
  const onMove = () =>
    runMove(async () => {
      setFailure(null);
      try {
        const moved = await claim.mutateAsync(sessionKey);
        toast.success(KEY_TEXT.moved(moved.questions.length + moved.answers.length));
        onMoved();
      } catch (error) {
        setFailure(claimErrorMessage(error));
      }
    });
  return (
    <>
      <p className={styles.count}>{KEY_TEXT.willMove(questions, posts.length - questions)}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list of plain text must take focus to scroll by keyboard */}
      <section className={styles.preview} tabIndex={0} aria-label={KEY_TEXT.postsToMove}>
        <PostList posts={posts} compact />
      </section>
      {!complete && <p className={styles.more}>{KEY_TEXT.claimMore}</p>}
      <p id={meaningId} className={styles.meaning}>
        {KEY_TEXT.claimMeaning}
      </p>
      {failure && <FormError>{failure}</FormError>}
      <FormActions>
        {back}
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={moving}
          aria-describedby={meaningId}
          onClick={onMove}
        >
          {moving ? KEY_TEXT.moving : KEY_TEXT.move(posts.length)}
        </button>
      </FormActions>
    </>
  );
}

export function ClaimDialog({ onClose }: { onClose: () => void }) {
  // The keys on offer, as the dialog opened: this tab's key from before logging in (still in
  // its sessionStorage) when the tab posted or restored it, and the one saved on this device
  // when it is another.
  const [keys] = useState(() => {
    const tabKey = privateKeyStore.inUse() ? peekSessionId() : null;
    const saved = privateKeyStore.saved();
    return { tabKey, deviceKey: saved !== null && saved !== tabKey ? saved : null };
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [last, setLast] = useState<Choice | null>(null);
  return (
    <Modal open onClose={onClose} title={KEY_TEXT.claimTitle}>
      {chosen === null ? (
        <ChooseKey
          tabKey={keys.tabKey}
          deviceKey={keys.deviceKey}
          last={last}
          onChosen={(key, choice) => {
            setLast(choice);
            setChosen(key);
          }}
          onCancel={onClose}
        />
      ) : (
        <Preview sessionKey={chosen} onBack={() => setChosen(null)} onMoved={onClose} />
      )}
    </Modal>
  );
}
