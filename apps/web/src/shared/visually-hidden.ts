/**
 * Read by screen readers, not shown. Sizes are strings on purpose: in MUI's
 * `sx` a bare `width: 1` means 100%, which made this span as wide as the page
 * and the page scroll sideways.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
