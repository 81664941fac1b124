import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Change {
  field: string;
  label: string;
  from: string;
  to: string;
}

/** A value as the review shows it: switches read On/Off, an emptied field "(empty)", a unit after the figure. */
export function shownValue(value: unknown, unit?: string): string {
  if (typeof value === 'boolean') return value ? 'On' : 'Off';
  const text = value === undefined || value === null ? '' : String(value).trim();
  if (text === '') return '(empty)';
  return unit ? `${text} ${unit}` : text;
}

/**
 * The fields whose value differs between `before` and `after`, in the order
 * of `fields`, each as label and old → new.
 */
export function changesOf<T extends object, F extends keyof T & string>(
  before: T,
  after: T,
  fields: ReadonlyArray<F>,
  describe: (field: F) => { label: string; unit?: string },
): Change[] {
  return fields
    .filter((field) => after[field] !== before[field])
    .map((field) => {
      const { label, unit } = describe(field);
      return { field, label, from: shownValue(before[field], unit), to: shownValue(after[field], unit) };
    });
}

/** What a save will change, one line per field: label, then old → new. */
export function ChangeReview({ changes }: { changes: Change[] }) {
  return (
    <Box component="ul" aria-label="Changes" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {changes.map((change) => (
        <Box
          component="li"
          key={change.field}
          data-field={change.field}
          sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
        >
          <Typography variant="body2" color="text.secondary">
            {change.label}
          </Typography>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {change.from}
            </Box>
            {' → '}
            <Box component="strong" sx={{ fontWeight: 600 }}>
              {change.to}
            </Box>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
