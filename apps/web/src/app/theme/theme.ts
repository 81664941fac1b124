import { alpha, createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import './augmentation';
import {
  accessiblePalette,
  breakpoints,
  cardShadow,
  radius,
  rgba,
  surfaces,
  textChannel,
  TONAL_ALPHA,
  tonalTextShade,
  type Mode,
} from './tokens';

const FONT_FAMILY = [
  'Inter',
  'system-ui',
  '-apple-system',
  'Segoe UI',
  'Roboto',
  'Helvetica Neue',
  'Arial',
  'sans-serif',
].join(',');

const TONAL_COLORS = ['primary', 'secondary', 'success', 'info', 'warning', 'error'] as const;

/** Builds the Materio-style theme for one mode. */
export function createAppTheme(mode: Mode): Theme {
  const text = textChannel[mode];
  const surface = surfaces[mode];

  const options = {
    breakpoints: { values: { ...breakpoints } },
    spacing: 4,
    shape: { borderRadius: radius.base },
    palette: {
      mode,
      ...accessiblePalette[mode],
      background: { default: surface.default, paper: surface.paper },
      text: {
        primary: rgba(text, 0.9),
        secondary: rgba(text, 0.7),
        disabled: rgba(text, 0.4),
      },
      divider: rgba(text, 0.12),
      action: {
        active: rgba(text, 0.6),
        hover: rgba(text, 0.06),
        selected: rgba(text, 0.08),
        disabled: rgba(text, 0.3),
        disabledBackground: rgba(text, 0.16),
        focus: rgba(text, 0.1),
      },
      customColors: { tableHeaderBg: surface.tableHeader, cardShadow: cardShadow[mode], textChannel: text },
    },
    typography: {
      fontFamily: FONT_FAMILY,
      // Scales MUI's own pxToRem sizes by 15/16 (as Materio does); the variants below are explicit.
      fontSize: 13.125,
      htmlFontSize: 16,
      h1: { fontSize: '2.875rem', fontWeight: 500, lineHeight: 1.478 },
      h2: { fontSize: '2.375rem', fontWeight: 500, lineHeight: 1.474 },
      h3: { fontSize: '1.75rem', fontWeight: 500, lineHeight: 1.5 },
      h4: { fontSize: '1.5rem', fontWeight: 500, lineHeight: 1.583 },
      h5: { fontSize: '1.125rem', fontWeight: 500, lineHeight: 1.556 },
      h6: { fontSize: '0.9375rem', fontWeight: 500, lineHeight: 1.467 },
      subtitle1: { fontSize: '0.9375rem', lineHeight: 1.467 },
      subtitle2: { fontSize: '0.8125rem', fontWeight: 400, lineHeight: 1.538 },
      body1: { fontSize: '0.9375rem', lineHeight: 1.467 },
      body2: { fontSize: '0.8125rem', lineHeight: 1.538 },
      button: { fontSize: '0.9375rem', fontWeight: 500, lineHeight: 1.467, textTransform: 'none' },
      caption: { fontSize: '0.8125rem', lineHeight: 1.385, letterSpacing: '0.4px' },
      overline: { fontSize: '0.75rem', lineHeight: 1.167, letterSpacing: '0.8px' },
    },
  } satisfies ThemeOptions;

  // The palette resolved once, so the component overrides can read it.
  const theme = createTheme(options);
  const shadow = cardShadow[mode];

  // Components only the signed-in pages use get theirs in the signed-in frame (signed-in-components.ts).
  const components: ThemeOptions['components'] = {
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
        '#root': { minHeight: '100vh' },
        a: { color: theme.palette.primary.main },
      },
    },
    MuiButtonBase: { defaultProps: { disableRipple: false } },
    MuiButton: {
      defaultProps: { color: 'primary' },
      styleOverrides: {
        root: { borderRadius: radius.base, fontWeight: 500, paddingInline: theme.spacing(5), minHeight: 38 },
        sizeSmall: {
          borderRadius: radius.small,
          paddingInline: theme.spacing(3),
          minHeight: 30,
          fontSize: '0.8125rem',
        },
        sizeLarge: {
          borderRadius: radius.large,
          paddingInline: theme.spacing(6.5),
          minHeight: 46,
          fontSize: '1.0625rem',
        },
        contained: {
          boxShadow: `0 2px 4px ${rgba(text, 0.16)}`,
          '&:hover': { boxShadow: `0 4px 8px ${rgba(text, 0.2)}` },
        },
      },
    },
    MuiIconButton: { styleOverrides: { root: { borderRadius: '50%' } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' }, rounded: { borderRadius: radius.base } } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { boxShadow: shadow, backgroundImage: 'none', borderRadius: radius.base } },
    },
    MuiCardContent: {
      styleOverrides: { root: { padding: theme.spacing(5), '&:last-child': { paddingBottom: theme.spacing(5) } } },
    },
    MuiTextField: { defaultProps: { variant: 'outlined', size: 'medium', color: 'primary' } },
    MuiFormControl: { defaultProps: { variant: 'outlined', size: 'medium', color: 'primary' } },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          borderRadius: radius.base,
          '&:hover:not(.Mui-focused):not(.Mui-disabled):not(.Mui-error) .MuiOutlinedInput-notchedOutline': {
            borderColor: rgba(text, 0.6),
          },
        },
        notchedOutline: { borderColor: rgba(text, 0.22) },
      },
    },
    MuiFormHelperText: { styleOverrides: { root: { marginInline: theme.spacing(3), letterSpacing: 0 } } },
    MuiChip: {
      styleOverrides: {
        root: {
          fontWeight: 500,
          borderRadius: 16,
          variants: TONAL_COLORS.map((color) => ({
            props: { variant: 'tonal' as const, color },
            style: {
              backgroundColor: alpha(theme.palette[color].main, TONAL_ALPHA),
              color: theme.palette[color][tonalTextShade(mode)],
              '& .MuiChip-icon, & .MuiChip-deleteIcon': { color: theme.palette[color][tonalTextShade(mode)] },
            },
          })).concat([
            {
              props: { variant: 'tonal' as const, color: 'default' as never },
              style: {
                backgroundColor: rgba(text, TONAL_ALPHA),
                color: theme.palette.text.primary,
                '& .MuiChip-icon, & .MuiChip-deleteIcon': { color: theme.palette.text.primary },
              },
            },
          ]),
        },
        sizeSmall: { borderRadius: 4, fontSize: '0.8125rem' },
      },
    },
    MuiAvatar: { styleOverrides: { root: { fontWeight: 500 }, rounded: { borderRadius: radius.base } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: radius.base } } },
    // Underlined always: a link inside text must not rely on colour alone (axe link-in-text-block).
    MuiLink: { defaultProps: { underline: 'always' } },
  };

  return createTheme({ ...options, components });
}
