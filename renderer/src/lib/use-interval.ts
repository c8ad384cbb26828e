/** Calls `callback` every `ms` while mounted; the latest callback is used without restarting. */
import { useEffect, useRef } from 'react';

export function useInterval(callback: () => void, ms: number): void {
  const saved = useRef(callback);
  useEffect(() => {
    saved.current = callback;
  }, [callback]);
  useEffect(() => {
    const timer = setInterval(() => saved.current(), ms);
    return () => clearInterval(timer);
  }, [ms]);
}
