import type { Theme } from '@mui/material/styles';
import { radius } from './tokens';

/**
 * The theme's overrides of components that only the signed-in pages use:
 * tables, tabs, menus, tooltips, switches, card headers, the app bar and the
 * drawer. The signed-in frame adds them to the app's theme
 * (`layouts/SignedInFrame.tsx`), so the sign-in page does not carry them
 * (docs/decisions/0023-a-light-sign-in-page.md, step 12). What a guest page
 * shows too (buttons, fields, cards, alerts, chips, avatars) stays in
 * `theme.ts`: a component named here must not appear outside the frame.
 */
function signedInComponents(theme: Theme): Theme['components'] {
  const { divider, customColors } = theme.palette;
  return {
    MuiCardHeader: {
      defaultProps: { slotProps: { title: { variant: 'h5' } } },
      styleOverrides: {
        root: { padding: theme.spacing(5), paddingBottom: 0 },
        action: { alignSelf: 'center', margin: 0 },
      },
    },
    MuiCardActions: { styleOverrides: { root: { padding: theme.spacing(5), paddingTop: 0 } } },
    MuiSelect: { defaultProps: { variant: 'outlined', size: 'medium', color: 'primary' } },
    MuiCheckbox: { defaultProps: { color: 'primary' } },
    MuiRadio: { defaultProps: { color: 'primary' } },
    MuiSwitch: { defaultProps: { color: 'primary' } },
    MuiTableContainer: { styleOverrides: { root: { overflowX: 'auto' } } },
    MuiTableCell: {
      styleOverrides: {
        root: { borderBottomColor: divider, paddingInline: theme.spacing(5) },
        head: {
          backgroundColor: customColors.tableHeaderBg,
          textTransform: 'uppercase',
          fontSize: '0.8125rem',
          fontWeight: 500,
          letterSpacing: '0.2px',
          lineHeight: 1.8,
        },
      },
    },
    MuiTabs: { styleOverrides: { indicator: { height: 2 } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontSize: '0.9375rem', minHeight: 44 } } },
    MuiMenu: { styleOverrides: { paper: { boxShadow: customColors.cardShadow, marginTop: 4 } } },
    MuiMenuItem: {
      styleOverrides: {
        root: { marginInline: theme.spacing(2), borderRadius: radius.base, paddingInline: theme.spacing(3) },
      },
    },
    MuiTooltip: { styleOverrides: { tooltip: { fontSize: '0.8125rem' } } },
    MuiDivider: { styleOverrides: { root: { borderColor: divider } } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
    MuiDrawer: { styleOverrides: { paper: { backgroundImage: 'none' } } },
  };
}

/** The app's theme (light or dark, as the outer ThemeProvider has it) with the signed-in overrides added. */
export function withSignedInComponents(theme: Theme): Theme {
  return { ...theme, components: { ...theme.components, ...signedInComponents(theme) } };
}
