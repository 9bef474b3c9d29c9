/** 'Leave a Reply': a top-level answer. Empty or blank text is silently not sent (spec §5). */
import { useId, useState } from 'react';
import { MSG, TEXT } from '../../../lib/messages.ts';
import { EMPTY_REPLY, ReplyFields } from './reply-fields.tsx';
import { useSubmitReply } from './use-submit-reply.ts';

export function ReplyForm({ questionId }: { questionId: number }) {
  const [draft, setDraft] = useState(EMPTY_REPLY);
  const { submit, pending } = useSubmitReply(questionId);
  const headingId = useId();

  return (
    <section className="card reply-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.leaveReply}</h2>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (draft.text.trim() === '') return;
          if (await submit(draft, null, MSG.replySubmittedSuccessfully)) setDraft(EMPTY_REPLY);
        }}
      >
        <ReplyFields draft={draft} onChange={setDraft} rows={4} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={pending}>
            {TEXT.postReply}
          </button>
        </div>
      </form>
    </section>
  );
}
