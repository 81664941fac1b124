import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { formatCount } from '../../format';
import type { ColumnLayout } from './useColumnLayout';

/** The "Columns" menu above a wide list: a box per column the person may hide or show. */
export function ColumnChooser<T>({ label, layout }: { label: string; layout: ColumnLayout<T> }) {
  const { choosable, columns, hidden, choose } = layout;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `${label.replace(/\W+/g, '-')}-columns`;
  return (
    // On a phone the list shows its key columns and the details the rest: no choice to make there.
    <Box sx={{ display: { xs: 'none', sm: 'flex' }, justifyContent: 'flex-end', px: 5, pb: 2 }}>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="true"
        aria-expanded={!!anchor}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {hidden.length > 0 ? `Columns (${formatCount(hidden.length)} in details)` : 'Columns'}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': `Columns of ${label}`, dense: true } }}
      >
        {choosable.map((column) => {
          const shown = columns.includes(column);
          return (
            <MenuItem
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={shown}
              onClick={() => choose(column.id, !shown)}
            >
              <Checkbox
                size="small"
                edge="start"
                checked={shown}
                tabIndex={-1}
                disableRipple
                slotProps={{ input: { 'aria-hidden': true } }}
                sx={{ py: 0 }}
              />
              {column.label}
            </MenuItem>
          );
        })}
      </Menu>
    </Box>
  );
}
