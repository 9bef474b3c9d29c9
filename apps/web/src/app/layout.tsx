import { useCallback, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { UserMenu } from '../features/auth/components/user-menu.tsx';
import { AskQuestionDialog } from '../features/questions/components/ask-question-dialog.tsx';
import { ThemeToggle } from '../features/theme/components/theme-toggle.tsx';
import { TEXT } from '../lib/messages.ts';
import { AskDialogContext } from './ask-dialog-context.tsx';

export function Layout() {
  const [ask, setAsk] = useState<{ open: boolean; prefill: string; key: number }>({
    open: false,
    prefill: '',
    key: 0,
  });
  const openAsk = useCallback(
    (prefill = '') => setAsk((s) => ({ open: true, prefill, key: s.key + 1 })),
    [],
  );

  return (
    <AskDialogContext.Provider value={openAsk}>
      <a className="skip-link" href="#main">
        {TEXT.skipToContent}
      </a>
      <header className="site-header">
        <div className="container header-inner">
          <Link to="/" className="brand">
            <span className="brand-mark" aria-hidden="true">
              ♥
            </span>
            {TEXT.brand}
          </Link>
          <nav className="header-nav" aria-label={TEXT.mainNav}>
            <button type="button" className="button button-primary" onClick={() => openAsk()}>
              {TEXT.askQuestion}
            </button>
            <UserMenu />
            <ThemeToggle />
          </nav>
        </div>
      </header>
      <main id="main" className="container main" tabIndex={-1}>
        <Outlet />
      </main>
      <AskQuestionDialog
        key={ask.key}
        open={ask.open}
        initialText={ask.prefill}
        onClose={() => setAsk((s) => ({ ...s, open: false }))}
      />
    </AskDialogContext.Provider>
  );
}
