import type { Node as DocNode } from '@tiptap/pm/model';

/**
 * The document's plain text (blocks and line breaks as new lines) and, for each of its
 * characters, its position in the document (-1 for the new lines), so that an item the
 * personal-info guard finds in the text can be replaced in the document.
 */
export function documentText(doc: DocNode): { text: string; positions: number[] } {
  let text = '';
  const positions: number[] = [];
  const newLine = () => {
    if (text !== '' && !text.endsWith('\n')) {
      text += '\n';
      positions.push(-1);
    }
  };
  doc.descendants((node, pos) => {
    if (node.isText) {
      const value = node.text ?? '';
      for (let i = 0; i < value.length; i++) positions.push(pos + i);
      text += value;
    } else if (node.isBlock || node.type.name === 'hardBreak') {
      newLine();
    }
    return true;
  });
  return { text, positions };
}
