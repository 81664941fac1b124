import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The day ranges a dashboard chart offers (the APIs answer 90 days; a chart shows the last 7, 30 or 90 of them). */
const DAY_RANGES = [7, 30, 90] as const;
export type DayRange = (typeof DAY_RANGES)[number];

/** The chosen range, 30 days at first. */
export const useDayRange = () => useState<DayRange>(30);

/** "Days shown": the chart's range, a select (toggle buttons failed axe's contrast rule in the light theme). */
export function DaysShown({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  return (
    <TextField
      select
      size="small"
      label="Days shown"
      value={value}
      onChange={(event) => onChange(Number(event.target.value) as DayRange)}
    >
      {DAY_RANGES.map((r) => (
        <MenuItem key={r} value={r}>
          Last {r} days
        </MenuItem>
      ))}
    </TextField>
  );
}
