import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchOutlined from '@mui/icons-material/SearchOutlined';

/** A row of list filters that wraps on small screens. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 4,
        px: 5,
        pt: 3,
        pb: 5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(auto-fit, minmax(170px, 1fr))' },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** A search box that applies what was typed after a short pause (or on Enter). */
export function SearchField({
  label = 'Search',
  value,
  onChange,
  placeholder,
  testId,
  maxLength = 100,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** `data-testid` of the input, for browser tests. */
  testId?: string;
  maxLength?: number;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 400);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      label={label}
      size="small"
      value={text}
      placeholder={placeholder}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(text.trim());
      }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
        htmlInput: { maxLength, 'data-testid': testId },
      }}
    />
  );
}

/** A whole day a person could mean: empty, or `YYYY-MM-DD` from the year 1900 on. */
export function isPlausibleDay(value: string): boolean {
  if (value === '') return true;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1900 && date.toISOString().startsWith(value);
}

/**
 * A calendar day (`YYYY-MM-DD`, read as UTC by the API) that accepts typing:
 * the browser reports a half-typed year ("0002" while "2026" is typed), so
 * the field keeps what is typed and hands on only a whole day (or a cleared
 * field); the URL never sees year 0002.
 */
export function DateFilter({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextField
      label={label}
      type="date"
      size="small"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (isPlausibleDay(next) && next !== value) onChange(next);
      }}
      onBlur={() => {
        if (!isPlausibleDay(text)) setText(value);
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
    />
  );
}

/** The From and To days of a list whose query has `from` and `to` (shared/list-params.ts). */
export function DayRangeFilter({
  filters,
  update,
}: {
  filters: { from: string; to: string };
  update: (patch: { from?: string; to?: string }) => void;
}) {
  return (
    <>
      <DateFilter label="From" value={filters.from} onChange={(from) => update({ from })} />
      <DateFilter label="To" value={filters.to} onChange={(to) => update({ to })} />
    </>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A drop-down filter whose first choice means "any". */
export function SelectFilter({
  label,
  value,
  onChange,
  choices,
  anyLabel = 'All',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: Choice[];
  anyLabel?: string;
}) {
  return (
    <TextField
      select
      label={label}
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, size: 'small' } }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * A whole-number filter (a level, a count): what is typed is rounded down,
 * and anything below `min` or a cleared field means "any" (an empty value).
 */
export function NumberFilter({
  label,
  value,
  onChange,
  min = 1,
  placeholder = 'All',
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: number;
  placeholder?: string;
  /** `data-testid` of the input, for browser tests. */
  testId?: string;
}) {
  return (
    <TextField
      label={label}
      type="number"
      size="small"
      value={value}
      onChange={(event) => {
        const number = Math.floor(Number(event.target.value));
        onChange(number >= min ? String(number) : '');
      }}
      placeholder={placeholder}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, 'data-testid': testId } }}
    />
  );
}
