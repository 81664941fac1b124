/**
 * Materio's visual constants (UI.md). Every colour the app uses comes from
 * here through the MUI theme; components never hard-code a hex value.
 */
export type Mode = 'light' | 'dark';

export const brand = {
  primary: { main: '#8C57FF', light: '#A379FF', dark: '#7E4EE6' },
  secondary: { main: '#8A8D93', light: '#A1A4A9', dark: '#7C7F84' },
  success: { main: '#56CA00', light: '#78D533', dark: '#4DB600' },
  info: { main: '#16B1FF', light: '#45C1FF', dark: '#149FE6' },
  warning: { main: '#FFB400', light: '#FFC333', dark: '#E6A200' },
  error: { main: '#FF4C51', light: '#FF7074', dark: '#E64449' },
} as const;

type Shades = { main: string; light: string; dark: string; contrastText: string };

/**
 * The palette as the screen uses it, per mode, so that text in a colour and
 * text on a colour reach WCAG AA (4.5:1) on the surfaces.
 * Light mode: `main` is the brand colour darkened until white text on it and
 * it on white pass; `dark` is the text shade for tonal chips/avatars (the
 * colour on its own 16 % tint); `light` keeps the brand colour itself
 * (#8C57FF for primary) for decoration without text (charts, focus, gradients' start).
 * Dark mode: `main` is lightened until it passes on the dark paper, with dark
 * text on it; `light` is the tonal text shade.
 * The tonal shades pass on their tint over a hovered or header row too
 * (#EEEFF3 light, #3D3759 dark), not only over the paper: a chip in a table.
 */
export const accessiblePalette: Record<Mode, Record<keyof typeof brand, Shades>> = {
  light: {
    primary: { main: '#7D4DE3', light: brand.primary.main, dark: '#6B42C2', contrastText: '#FFFFFF' },
    secondary: { main: '#6A6D71', light: brand.secondary.main, dark: '#5C5F63', contrastText: '#FFFFFF' },
    success: { main: '#357D00', light: brand.success.main, dark: '#2E6B00', contrastText: '#FFFFFF' },
    info: { main: '#0E73A6', light: brand.info.main, dark: '#0C638E', contrastText: '#FFFFFF' },
    warning: { main: '#8F6500', light: brand.warning.main, dark: '#7B5700', contrastText: '#FFFFFF' },
    error: { main: '#C43B3E', light: brand.error.main, dark: '#A83236', contrastText: '#FFFFFF' },
  },
  dark: {
    primary: { main: '#B897FF', light: '#CBB3FF', dark: brand.primary.main, contrastText: '#1E1A2E' },
    secondary: { main: '#A7AAAE', light: '#BEBFC3', dark: brand.secondary.main, contrastText: '#1E1A2E' },
    success: { main: '#56CA00', light: '#74D42E', dark: brand.success.dark, contrastText: '#1E1A2E' },
    info: { main: '#1BB3FF', light: '#5BC8FF', dark: brand.info.dark, contrastText: '#1E1A2E' },
    warning: { main: '#FFB400', light: '#FFC333', dark: brand.warning.dark, contrastText: '#1E1A2E' },
    error: { main: '#FF8589', light: '#FFA6A8', dark: brand.error.main, contrastText: '#1E1A2E' },
  },
};

/** The shade for text in a colour on its own tint (tonal chips, avatars). */
export const tonalTextShade = (mode: Mode): 'dark' | 'light' => (mode === 'light' ? 'dark' : 'light');

/** The text colour's RGB channels per mode; primary/secondary/disabled text use it at 90/70/40 %. */
export const textChannel: Record<Mode, string> = {
  light: '46 38 61', // #2E263D
  dark: '231 227 252', // #E7E3FC
};

export const surfaces: Record<Mode, { default: string; paper: string; tableHeader: string }> = {
  light: { default: '#F4F5FA', paper: '#FFFFFF', tableHeader: '#F6F7FB' },
  dark: { default: '#28243D', paper: '#312D4B', tableHeader: '#3D3759' },
};

/** Cards: a soft shadow at about 20 % of #2E263D (darker base in dark mode). */
export const cardShadow: Record<Mode, string> = {
  light: '0 4px 10px rgb(46 38 61 / 0.2)',
  dark: '0 4px 10px rgb(19 17 32 / 0.3)',
};

export const radius = { base: 6, small: 4, large: 8 } as const;

export const breakpoints = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

export const layout = {
  navWidth: 260,
  appBarHeight: 64,
  contentMaxWidth: 1440,
} as const;

export const rgba = (channel: string, alpha: number) => `rgb(${channel} / ${alpha})`;

/** Tonal variant (chips, avatars): the main colour at 16 % behind text in the main colour. */
export const TONAL_ALPHA = 0.16;
