import { type RefObject, useEffect, useRef } from 'react';

/** Calls `onVisible` whenever the element scrolls into view (infinite lists). */
export function useOnVisible(
  ref: RefObject<Element | null>,
  onVisible: () => void,
  enabled: boolean,
): void {
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled]);
}
