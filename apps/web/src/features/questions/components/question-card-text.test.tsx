import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionCardText } from './question-card-text.tsx';

function drawn(html: string, terms: readonly string[] = []) {
  const { getByTestId, unmount } = render(<QuestionCardText html={html} terms={terms} />);
  const markup = getByTestId('excerpt').innerHTML;
  unmount();
  return markup;
}

describe("a feed card's text", () => {
  it('names its first block for the browser’s element timing, in a list too', () => {
    expect(drawn('<ul><li>one</li><li>two</li></ul><p>three</p>')).toBe(
      '<ul><li elementtiming="question-card">one</li><li>two</li></ul><p>three</p>',
    );
    expect(drawn('<ol><li><p>one</p><p>more</p></li></ol>')).toBe(
      '<ol><li><p elementtiming="question-card">one</p><p>more</p></li></ol>',
    );
  });

  it('draws the formatting, headings as bold paragraphs, links with our rel', () => {
    expect(
      drawn(
        '<h2>Help</h2><p><b>Met</b> <i>3</i> <u>months</u> <s>ago</s> <a href="https://x.example/">link</a></p><ol><li>He replies</li><li>after 2 days</li></ol>',
      ),
    ).toBe(
      '<p elementtiming="question-card"><strong>Help</strong></p><p><strong>Met</strong> <em>3</em> <u>months</u> <s>ago</s> <a href="https://x.example/" rel="nofollow noopener noreferrer ugc">link</a></p><ol><li>He replies</li><li>after 2 days</li></ol>',
    );
  });

  it('draws one link, however many styles inside it, and marks the search words', () => {
    expect(
      drawn('<p><a href="https://x.example/">a <b>first date</b> idea</a>, dates</p>', ['date']),
    ).toBe(
      '<p elementtiming="question-card"><a href="https://x.example/" rel="nofollow noopener noreferrer ugc">a <strong>first <mark>date</mark></strong> idea</a>, <mark>dates</mark></p>',
    );
  });

  it('draws no element or attribute outside its own, whatever the HTML holds', () => {
    expect(
      drawn(
        '<p onclick="x()" style="color:red">a<img src=x onerror="y()"><a href="javascript:z()" target="_blank">b</a></p><svg><script>w()</script></svg><style>p{}</style>',
      ),
    ).toBe('<p elementtiming="question-card">ab</p>');
  });
});
