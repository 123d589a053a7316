import { useEffect, useState } from 'react';

/**
 * The heading the reader is at, for the table of contents: the first of `ids` whose heading is in the
 * upper part of the viewport, else the last one scrolled past.
 */
export function useActiveHeading(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = ids.join(' ');
  useEffect(() => {
    // Keyed by the joined ids, so a new array with the same headings does not observe again.
    const list = key ? key.split(' ') : [];
    if (typeof IntersectionObserver === 'undefined' || list.length === 0) return undefined;
    const visible = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.add(entry.target.id);
          else visible.delete(entry.target.id);
        }
        const first = list.find((id) => visible.has(id));
        if (first) {
          setActive(first);
          return;
        }
        // Between two headings: the last one above the viewport is the section being read.
        const above = list.filter((id) => (document.getElementById(id)?.getBoundingClientRect().top ?? Infinity) < 0);
        if (above.length) setActive(above[above.length - 1]!);
      },
      { rootMargin: '0px 0px -65% 0px' },
    );
    for (const id of list) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [key]);
  return active;
}
