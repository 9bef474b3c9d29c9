import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  draftChoice,
  draftKeys,
  draftString,
  readDraft,
  writeDraft,
} from './drafts.ts';

describe('drafts per tab', () => {
  it('are keyed by place: the ask dialog, and each reply box by question and parent', () => {
    expect(draftKeys.ask).toBe('draft:ask');
    expect(draftKeys.reply(12, null)).toBe('draft:reply:12:top');
    expect(draftKeys.reply(12, 7)).toBe('draft:reply:12:7');
    expect(
      new Set([draftKeys.reply(1, 23), draftKeys.reply(12, 3), draftKeys.reply(1, null)]).size,
    ).toBe(3);
  });

  it('live in sessionStorage until cleared', () => {
    writeDraft(draftKeys.ask, { html: '<p>hi</p>', tags: ['a'] });
    expect(window.sessionStorage.getItem('draft:ask')).toBe('{"html":"<p>hi</p>","tags":["a"]}');
    expect(readDraft(draftKeys.ask)).toEqual({ html: '<p>hi</p>', tags: ['a'] });
    clearDraft(draftKeys.ask);
    expect(readDraft(draftKeys.ask)).toBeNull();
  });

  it('read defensively: broken or foreign values give the fallback', () => {
    window.sessionStorage.setItem('draft:ask', '{not json');
    expect(readDraft('draft:ask')).toBeNull();
    window.sessionStorage.setItem('draft:ask', '[1,2]');
    expect(readDraft('draft:ask')).toBeNull();
    const draft = { text: 5, gender: 'X', age: '26-35' };
    expect(draftString(draft, 'text', 'none')).toBe('none');
    expect(draftChoice(draft, 'gender', ['W', 'M', 'NB', 'U'] as const, 'U')).toBe('U');
    expect(draftChoice(draft, 'age', ['18-25', '26-35'] as const, '18-25')).toBe('26-35');
  });
});
