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
