import { useEffect } from 'react';
import { useViewer } from '../lib/auth.ts';
import { prepareProofOfWork } from '../lib/proof-of-work/on-demand.ts';

/**
 * A form that may write anonymously (or a page with like buttons) has opened: load the
 * proof-of-work's code, and signed out, solve the challenge of its write now, while the
 * person reads and types (signed in, there is none to solve: proof-of-work.ts).
 */
export function usePrepareProofOfWork(): void {
  const { loading } = useViewer();
  useEffect(() => {
    if (!loading) prepareProofOfWork();
  }, [loading]);
}
