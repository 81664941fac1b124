import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element scrolls sideways, kept up to date as it resizes. The
 * table then says so (a hint and a fading edge) and takes keyboard focus so
 * that it can be scrolled without a mouse.
 */
export function useOverflowsX(ref: RefObject<HTMLElement | null>, deps: unknown[]): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, deps);
  return overflows;
}
