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
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
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
        htmlInput: { maxLength: 100 },
      }}
    />
  );
}

/** A calendar day (`YYYY-MM-DD`, read as UTC by the API). */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      type="date"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
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
