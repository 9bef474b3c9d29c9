import type { SafetyResourcesResponse, SupportPanel as SupportPanelData } from '@dating/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPanelWords } from '../../lib/support-panel-words.ts';
import { renderWithApp } from '../../test/render.tsx';
import SupportPanel from './support-panel.tsx';

const resource = (name: string, region: string, phone: string | null = null) => ({
  name,
  description: `${name}, described`,
  region,
  url: null,
  phone,
});

const PANEL: SupportPanelData = {
  categories: ['self_harm'],
  message: 'Thank you for sharing this.',
  sections: [
    {
      category: 'self_harm',
      title: 'If you are thinking about hurting yourself',
      message: 'What you are feeling matters.',
      resources: [
        resource('Find A Helpline', 'International'),
        resource('Befrienders Worldwide', 'International'),
        resource('988 Suicide & Crisis Lifeline', 'US', '988'),
      ],
    },
  ],
};

const sourced = (name: string, region: string, phone: string) => ({
  ...resource(name, region, phone),
  source: 'https://example.org',
});

const SPAIN: SafetyResourcesResponse = {
  message: PANEL.message,
  sections: PANEL.sections,
  country: {
    code: 'ES',
    language: 'es',
    emergency: sourced('Emergencias 112', 'España', '112'),
    sections: [{ category: 'self_harm', resources: [sourced('Línea 024', 'España', '024')] }],
  },
};

const shortNames = () =>
  within(screen.getByTestId('support-panel'))
    .getAllByRole('listitem')
    .slice(0, 2)
    .map((item) => item.textContent);

// The English words the panel compares the server's with, as support-slot.tsx loads them.
beforeAll(() => loadPanelWords());

describe('the support panel’s country', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    document.documentElement.lang = 'en';
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('shows the panel as sent for English, and fetches nothing', () => {
    const fetch = vi.spyOn(window, 'fetch');
    renderWithApp(
      <SupportPanel panel={PANEL} language="en" afterPost={false} onDismiss={() => {}} />,
    );
    expect(shortNames()[0]).toContain('Find A Helpline');
    expect(screen.getByLabelText<HTMLSelectElement>('Helplines for').value).toBe('international');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads a Spanish post’s lines: loading, then Spain first and the international after', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderWithApp(
      <SupportPanel panel={PANEL} language="es" afterPost={false} onDismiss={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More help' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Helplines for').value).toBe('ES');
    expect(within(screen.getByTestId('support-panel')).getByRole('status').textContent).toBe(
      'Loading helplines…',
    );
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/safety/resources/?country=ES');
    await act(async () => answer(new Response(JSON.stringify(SPAIN), { status: 200 })));
    expect(await screen.findByText('Línea 024')).toBeTruthy();
    expect(shortNames()[0]).toContain('Línea 024');
    expect(shortNames()[1]).toContain('Find A Helpline');
    expect(screen.queryByText('988 Suicide & Crisis Lifeline')).toBeNull();
    expect(screen.getByText('Emergencias 112').closest('li')?.getAttribute('lang')).toBe('es');
    expect(within(screen.getByTestId('support-panel')).getByRole('status').textContent).toBe('');
  });

  it('says when the lines could not be loaded, keeps the panel’s own, and keeps the pick', async () => {
    vi.spyOn(window, 'fetch').mockResolvedValue(new Response('{}', { status: 503 }));
    renderWithApp(
      <SupportPanel panel={PANEL} language="en" afterPost={false} onDismiss={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More help' }));
    fireEvent.change(screen.getByLabelText('Helplines for'), { target: { value: 'MX' } });
    expect(window.localStorage.getItem('helpline_country')).toBe('MX');
    expect(await screen.findByText(/could not be loaded/, {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(shortNames()[0]).toContain('Find A Helpline');
  });
});
