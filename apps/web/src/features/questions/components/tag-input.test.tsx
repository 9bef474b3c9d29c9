import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { addTag, TagInput } from './tag-input.tsx';

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return <TagInput tags={tags} onChange={setTags} />;
}

describe('addTag', () => {
  it('trims, lower-cases, ignores empties and duplicates', () => {
    expect(addTag([], '  Dating ')).toEqual(['dating']);
    expect(addTag(['dating'], 'DATING')).toEqual(['dating']);
    expect(addTag(['dating'], '   ')).toEqual(['dating']);
    expect(addTag(['dating'], 'First Date')).toEqual(['dating', 'first date']);
  });
});

describe('TagInput', () => {
  it('adds with Enter and with the Add button, shows chips with a hash', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Tags');
    await user.type(input, '  Trust {Enter}');
    await user.type(input, 'trust');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(input, 'Breakups{Enter}');
    await user.type(input, '   {Enter}');
    const chips = screen.getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''));
    expect(chips).toEqual(['#trust', '#breakups']);
    expect(input).toHaveProperty('value', '');
  });

  it('removes a chip', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['a', 'b']} />);
    await user.click(screen.getByRole('button', { name: 'Remove tag a' }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''))).toEqual([
      '#b',
    ]);
  });
});
