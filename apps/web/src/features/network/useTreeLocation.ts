import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Where a tree page looks from, kept in the URL (`?root=<member id>`), so a
 * view can be shared and Back goes to the previous one. No root: the
 * viewer's own position (the company's for admins).
 */
export function useTreeRoot(): [number | undefined, (root: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('root'));
  const root = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const setRoot = useCallback(
    (next: number | undefined) =>
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next === undefined) copy.delete('root');
        else copy.set('root', String(next));
        return copy;
      }),
    [setParams],
  );
  return [root, setRoot];
}
