import IconButton from '@mui/material/IconButton';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { useThemeMode } from '../theme/ThemeModeProvider';

export function ThemeToggle() {
  const { mode, toggleMode } = useThemeMode();
  const label = mode === 'light' ? 'Switch to dark mode' : 'Switch to light mode';
  return (
    // The browser's own tooltip (`title`): MUI's Tooltip brings Popper.js to every guest page.
    <IconButton data-testid="theme-toggle" aria-label={label} title={label} onClick={toggleMode} color="inherit">
      {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
    </IconButton>
  );
}
