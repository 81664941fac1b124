import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

/** The portal's mark and name; drawn inline, nothing fetched. */
export function Logo({ showName = true, size = 30 }: { showName?: boolean; size?: number }) {
  const theme = useTheme();
  const main = theme.palette.primary.main;
  const light = theme.palette.primary.light;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5 }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={main} />
        <path
          d="M16 6 7 11v10l9 5 9-5V11l-9-5Z"
          fill="none"
          stroke="#fff"
          strokeWidth="2"
          strokeLinejoin="round"
          opacity="0.9"
        />
        <circle cx="16" cy="16" r="3.2" fill="#fff" />
        <circle cx="16" cy="16" r="6.5" fill="none" stroke={light} strokeWidth="1.5" opacity="0.9" />
      </svg>
      {showName && (
        <Typography
          component="span"
          sx={{ fontSize: '1.25rem', fontWeight: 600, letterSpacing: '0.15px', color: 'text.primary' }}
        >
          Members Portal
        </Typography>
      )}
    </Box>
  );
}
