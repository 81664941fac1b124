export { createAppTheme } from './theme';
export { ThemeModeProvider, useThemeMode, THEME_MODE_KEY } from './ThemeModeProvider';
export * from './tokens';
