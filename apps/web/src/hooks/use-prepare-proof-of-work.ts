import { useEffect } from 'react';
import { useViewer } from '../lib/auth.ts';
import { prepareProofOfWork } from '../lib/proof-of-work/proof-of-work.ts';

/**
 * A form that may write anonymously (or a page with like buttons) has opened: solve the
 * challenge of its write now, while the person reads and types.
 */
export function usePrepareProofOfWork(): void {
  const { loading, signedIn } = useViewer();
  useEffect(() => {
    if (!loading && !signedIn) prepareProofOfWork();
  }, [loading, signedIn]);
}
