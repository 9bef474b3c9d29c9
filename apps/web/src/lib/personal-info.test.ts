import { describe, expect, it } from 'vitest';
import { findPersonalInfo, loadPersonalInfo, locate } from './personal-info.ts';

describe('personal-info helpers', () => {
  it('finds items with the text they cover', async () => {
    const guard = await loadPersonalInfo();
    const text = 'Mail jane.doe@example.com or find @janedoe_22';
    expect(findPersonalInfo(guard, text).map(({ kind, text: t }) => [kind, t])).toEqual([
      ['email', 'jane.doe@example.com'],
      ['social', '@janedoe_22'],
    ]);
  });

  it('locates an item again after the text around it changed, or not when it is gone', async () => {
    const guard = await loadPersonalInfo();
    const [item] = findPersonalInfo(guard, 'Mail jane.doe@example.com');
    if (!item) throw new Error('nothing found');
    const moved = locate(guard, 'Hello! Please mail jane.doe@example.com', item);
    expect(moved?.start).toBe(19);
    expect(locate(guard, 'Hello! Please mail me', item)).toBeNull();
  });
});
