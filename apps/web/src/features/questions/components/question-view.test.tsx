/** The question's buttons come from what the server says the viewer may do (`can`). */
import { API_MSG, type QuestionDetail, type Rights } from '@dating/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTHOR_RIGHTS, STRANGER_RIGHTS } from '../../../test/answer-node.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { QuestionView } from './question-view.tsx';

function question(fields: Partial<QuestionDetail> = {}): QuestionDetail {
  return {
    id: 7,
    text: '<p>Should I say it first?</p>',
    likes: 0,
    liked: false,
    tags: [],
    gender: 'U',
    age_range: 'U',
    user: null,
    session_id: null,
    can: STRANGER_RIGHTS,
    created_at: '2026-12-05T11:00:00Z',
    edited_at: null,
    answer_count: 0,
    author_label: 'Asker',
    hidden: false,
    helped: false,
    update_count: 0,
    language: null,
    following: false,
    answers: [],
    answers_next: null,
    updates: [],
    perspectives: {
      gender: { W: 0, M: 0, NB: 0, U: 0 },
      age_range: { '18-25': 0, '26-35': 0, '36-45': 0, '45+': 0, U: 0 },
    },
    ...fields,
  };
}

/** Which of Edit, Delete and Report the view draws. */
function drawn(): string[] {
  return ['Edit', 'Delete', 'Report'].filter(
    (name) => screen.queryByRole('button', { name }) !== null,
  );
}

const ADMIN_RIGHTS: Rights = { edit: false, delete: true, reply: true, report: true };
const ADMIN = {
  is_authenticated: true,
  user: { id: 9, username: 'admin', is_staff: true, is_moderator: false },
  silenced: null,
};

describe('QuestionView', () => {
  // The page prepares a like's challenge ahead: nothing here needs the API to answer.
  beforeEach(() => {
    vi.spyOn(window, 'fetch').mockImplementation(() => new Promise<Response>(() => {}));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('draws Report for a stranger, Edit and Delete for the author, Delete for an admin in the owner view', () => {
    const stranger = renderWithApp(<QuestionView question={question()} onReport={() => {}} />);
    expect(drawn()).toEqual(['Report']);
    stranger.unmount();
    const author = renderWithApp(
      <QuestionView question={question({ can: AUTHOR_RIGHTS })} onReport={() => {}} />,
    );
    expect(drawn()).toEqual(['Edit', 'Delete']);
    author.unmount();
    // On the public page, Delete is the owner's (the specification); an admin has it in the
    // owner view.
    const admin = renderWithApp(
      <QuestionView question={question({ can: ADMIN_RIGHTS })} onReport={() => {}} />,
      ADMIN,
    );
    expect(drawn()).toEqual(['Report']);
    admin.unmount();
    renderWithApp(
      <QuestionView question={question({ can: ADMIN_RIGHTS })} onReport={() => {}} ownerView />,
      ADMIN,
    );
    expect(drawn()).toEqual(['Delete', 'Report']);
  });

  it('adds nothing of its own: an admin the server gives no rights gets none', () => {
    renderWithApp(
      <QuestionView question={question({ can: STRANGER_RIGHTS })} onReport={() => {}} />,
      ADMIN,
    );
    expect(drawn()).toEqual(['Report']);
  });

  it('a question hidden from the viewer is a notice without actions', () => {
    const none: Rights = { edit: false, delete: false, reply: false, report: false };
    renderWithApp(
      <QuestionView
        question={question({ hidden: true, can: none, text: `<p>${API_MSG.hiddenQuestion}</p>` })}
        onReport={() => {}}
      />,
    );
    expect(screen.getByTestId('question-text').textContent).toBe(API_MSG.hiddenQuestion);
    expect(screen.queryByRole('button', { name: /Like this post/ })).toBeNull();
    expect(drawn()).toEqual([]);
  });

  it('a hidden question its author sees whole, with their rights', () => {
    renderWithApp(
      <QuestionView
        question={question({ hidden: true, can: AUTHOR_RIGHTS })}
        onReport={() => {}}
      />,
    );
    expect(screen.getByTestId('question-text').textContent).toBe('Should I say it first?');
    expect(drawn()).toEqual(['Edit', 'Delete']);
  });
});
