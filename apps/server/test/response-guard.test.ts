/**
 * One privacy guard: a thread's response schema names every field at every depth, so the
 * serializer drops whatever a presenter, a cache or a future bug might add, at any level.
 */
import { QuestionDetail } from '@dating/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

const STRANGER = { edit: false, delete: false, reply: true, report: true };

function node(id: number, replies: unknown[]) {
  return {
    id,
    question: 1,
    parent_id: id === 1 ? null : id - 1,
    text: `answer ${id}`,
    likes: 0,
    liked: false,
    gender: 'U',
    age_range: 'U',
    user: null,
    session_id: null,
    is_deleted: false,
    author_label: `Anon ${id}`,
    created_at: new Date(0).toISOString(),
    edited_at: null,
    hidden: false,
    helpful: false,
    can: STRANGER,
    replies,
    // What must never leave the server, at whatever depth it turns up.
    session_hash: `secret-${id}`,
    user_id: 4242,
  };
}

describe('the thread response schema', () => {
  it('drops fields it does not name at every depth', async () => {
    let thread: unknown[] = [];
    for (let id = 6; id >= 1; id -= 1) thread = [node(id, thread)];
    const app = Fastify();
    app.get('/', { schema: { response: { 200: QuestionDetail } } }, async () => ({
      id: 1,
      text: '<p>q</p>',
      likes: 0,
      liked: false,
      tags: [],
      gender: 'U',
      age_range: 'U',
      user: null,
      session_id: null,
      created_at: new Date(0).toISOString(),
      edited_at: null,
      answer_count: 6,
      language: null,
      author_label: 'Asker',
      hidden: false,
      helped: false,
      following: false,
      can: STRANGER,
      update_count: 1,
      answers: thread,
      answers_next: null,
      // The asker's updates carry nothing but their text and date.
      updates: [{ id: 1, text: 'news', created_at: new Date(0).toISOString(), user_id: 4242 }],
      perspectives: {
        gender: { W: 0, M: 0, NB: 0, U: 6, session_hash: 'secret-p' },
        age_range: { '18-25': 0, '26-35': 0, '36-45': 0, '45+': 0, U: 6 },
      },
      session_hash: 'secret-q',
    }));
    const res = await app.inject('/');
    await app.close();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('4242');
    let depth = 0;
    let level = res.json().answers as { author_label: string; replies: unknown[] }[];
    while (level.length > 0) {
      depth += 1;
      expect(level[0]?.author_label).toBe(`Anon ${depth}`);
      level = level[0]?.replies as typeof level;
    }
    expect(depth).toBe(6);
  });
});
