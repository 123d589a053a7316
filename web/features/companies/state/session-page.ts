import { useEffect, useState } from 'react';

/** The page stored under `key` for this browser session, 1 when none. */
export function readSessionPage(key: string): number {
  const stored = Number(window.sessionStorage.getItem(key));
  return Number.isInteger(stored) && stored > 0 ? stored : 1;
}

/** The Organizations tab remembers its page for the browser session. */
export function useSessionPage(key: string): [number, (page: number) => void] {
  const [page, setPage] = useState(() => readSessionPage(key));
  useEffect(() => {
    window.sessionStorage.setItem(key, String(page));
  }, [key, page]);
  return [page, setPage];
}

/** A value that follows its input after `ms` without changes (search boxes). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}
