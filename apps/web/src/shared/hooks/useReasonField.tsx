import { useState } from 'react';
import TextField from '@mui/material/TextField';
import type { z } from 'zod';

/**
 * A reason asked inside a confirmation (a removal, a rejection): its text,
 * checked with the contract's schema when the admin confirms, the error
 * shown under the field until it is typed in again.
 */
export function useReasonField(schema: z.ZodType<string, string>) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    /** The reason as the schema gives it, once `checked` accepted it (what the confirmed request sends). */
    value: () => schema.parse(value),
    /** Empties the field for the next confirmation. */
    reset() {
      setValue('');
      setError(null);
    },
    /** The reason as the schema gives it, or undefined with the refusal shown under the field. */
    checked(): string | undefined {
      const parsed = schema.safeParse(value);
      if (parsed.success) return parsed.data;
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return undefined;
    },
    field: (label: string, help: string) => (
      <TextField
        label={label}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        error={!!error}
        helperText={error ?? help}
        fullWidth
        sx={{ mt: 4 }}
      />
    ),
  };
}
