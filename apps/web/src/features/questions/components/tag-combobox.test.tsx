import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagCombobox } from './tag-combobox.tsx';

const TAGS = [
  { id: 1, name: 'trust', count: 3 },
  { id: 2, name: 'first date', count: 9 },
  { id: 3, name: 'distrust', count: 1 },
];

function Harness({ initial }: { initial?: string }) {
  const [tag, setTag] = useState(initial);
  return (
    <>
      <TagCombobox tags={TAGS} value={tag} onChange={setTag} />
      <output>{tag ?? 'none'}</output>
    </>
  );
}

const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Tag' });
const options = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('TagCombobox', () => {
  it('suggests matching tags with counts as you type, starts-with first', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await user.type(box(), 'trust');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(options()).toEqual(['#trust (3)', '#distrust (1)']);
    await user.clear(box());
    expect(options()).toEqual(['All tags', '#first date (9)', '#trust (3)', '#distrust (1)']);
  });

  it('moves with the arrows, picks with Enter, and points aria-activedescendant at the option', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: '#first date (9)' });
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(active.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first option wraps to the last.
    expect(
      screen.getByRole('option', { name: '#distrust (1)' }).getAttribute('aria-selected'),
    ).toBe('true');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status').textContent).toBe('distrust');
    expect(box().value).toBe('#distrust');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('Enter takes the first match; Escape puts back the current tag; All tags clears', async () => {
    const user = userEvent.setup();
    render(<Harness initial="trust" />);
    expect(box().value).toBe('#trust');
    await user.clear(box());
    await user.type(box(), 'first{Enter}');
    expect(screen.getByRole('status').textContent).toBe('first date');
    await user.type(box(), 'zzz');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{Escape}');
    expect(box().value).toBe('#first date');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('status').textContent).toBe('none');
    expect(box().value).toBe('');
  });

  it('picks with the mouse', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box());
    await user.click(screen.getByRole('option', { name: '#trust (3)' }));
    expect(screen.getByRole('status').textContent).toBe('trust');
  });
});
