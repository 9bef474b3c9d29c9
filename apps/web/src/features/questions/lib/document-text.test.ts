import { getSchema } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { documentText } from './document-text.ts';

const schema = getSchema([StarterKit.configure({ heading: { levels: [1, 2] } })]);
const doc = (json: object) => schema.nodeFromJSON({ type: 'doc', content: json });
const text = (value: string, marks?: string[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks: marks.map((type) => ({ type })) } : {}),
});

describe('documentText', () => {
  it('joins blocks with new lines and maps every character to its position', () => {
    const d = doc([
      { type: 'heading', attrs: { level: 1 }, content: [text('Hi')] },
      { type: 'paragraph', content: [text('call '), text('+44', ['bold']), text(' 7911')] },
    ]);
    const { text: plain, positions } = documentText(d);
    expect(plain).toBe('Hi\ncall +44 7911');
    expect(positions).toHaveLength(plain.length);
    for (let i = 0; i < plain.length; i++) {
      const pos = positions[i] ?? -1;
      if (plain[i] === '\n') expect(pos).toBe(-1);
      else expect(d.textBetween(pos, pos + 1)).toBe(plain[i]);
    }
  });

  it('counts list items and hard breaks as lines, and an empty document as nothing', () => {
    const d = doc([
      {
        type: 'bulletList',
        content: [
          { type: 'listItem', content: [{ type: 'paragraph', content: [text('one')] }] },
          { type: 'listItem', content: [{ type: 'paragraph', content: [text('two')] }] },
        ],
      },
      { type: 'paragraph', content: [text('a'), { type: 'hardBreak' }, text('b')] },
    ]);
    expect(documentText(d).text).toBe('one\ntwo\na\nb');
    expect(documentText(doc([{ type: 'paragraph' }])).text).toBe('');
  });
});
