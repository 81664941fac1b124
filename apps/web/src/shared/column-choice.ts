import { useCallback, useState } from 'react';

/**
 * The columns a person chose to see in a wide list (`DataTable`'s `columnChooser`), kept per list in
 * localStorage under `portal.columns.<list>` as `{ columnId: shown }`. A column the person never chose
 * keeps its default: shown, unless it is `secondary`.
 */
export const COLUMN_CHOICE_PREFIX = 'portal.columns.';

type Choice = Readonly<Record<string, boolean>>;

function readChoice(list: string): Choice {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(COLUMN_CHOICE_PREFIX + list) ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

/** Whether a column is shown: the person's choice, else its default (a secondary column starts hidden). */
export function isShown(choice: Choice, column: { id: string; secondary?: boolean }): boolean {
  return choice[column.id] ?? !column.secondary;
}

/**
 * The choice of one list (none without a list name: every column shown) and a setter that keeps it.
 */
export function useColumnChoice(list: string | undefined) {
  const [choice, setChoice] = useState<Choice>(() => (list ? readChoice(list) : {}));
  const choose = useCallback(
    (id: string, shown: boolean) =>
      setChoice((current) => {
        const next = { ...current, [id]: shown };
        if (list) {
          try {
            window.localStorage.setItem(COLUMN_CHOICE_PREFIX + list, JSON.stringify(next));
          } catch {
            // Storage unavailable: the choice lasts for this page only.
          }
        }
        return next;
      }),
    [list],
  );
  return { choice, choose };
}
