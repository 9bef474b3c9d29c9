import type { ReactNode } from 'react';

/** Loading, empty and failure states, announced politely (failures as alerts). */
export function StatusMessage({
  children,
  kind = 'info',
}: {
  children: ReactNode;
  kind?: 'info' | 'error';
}) {
  return kind === 'error' ? (
    <p className="status status-error" role="alert">
      {children}
    </p>
  ) : (
    <p className="status" role="status">
      {children}
    </p>
  );
}
