import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Logo } from '../../shared/components/Logo';
import { layout } from '../theme/tokens';
import type { NavSection } from './navigation';

/** Materio's vertical navigation: logo, section headings with a rule, gradient-filled active item. */
export function NavMenu({ sections, onNavigate }: { sections: NavSection[]; onNavigate?: () => void }) {
  const scroller = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // Keep the current page's item in view (the Admin group sits far down the list).
  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>('a.active');
    active?.scrollIntoView?.({ block: 'nearest' });
  }, [pathname]);

  return (
    <Box component="nav" aria-label="Main navigation" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        component={NavLink}
        to="/dashboard"
        onClick={onNavigate}
        aria-label="Members Portal home"
        sx={{
          display: 'flex',
          alignItems: 'center',
          minHeight: layout.appBarHeight,
          px: 5.5,
          textDecoration: 'none',
          flexShrink: 0,
        }}
      >
        <Logo />
      </Box>
      <Box ref={scroller} sx={{ flex: 1, overflowY: 'auto', pb: 4 }}>
        {sections.map((section) => (
          <List
            key={section.id}
            disablePadding
            sx={{ pt: section.heading ? 0 : 1 }}
            aria-label={section.heading ?? 'General'}
          >
            {section.heading && (
              <ListItem
                component="li"
                aria-hidden="true"
                sx={{ display: 'flex', alignItems: 'center', gap: 2.5, mt: 4, mb: 2, px: 0, pr: 5 }}
              >
                <Box sx={{ width: 14, flexShrink: 0, borderTop: 1, borderColor: 'divider' }} />
                <Typography
                  component="span"
                  sx={{
                    fontSize: '0.8125rem',
                    lineHeight: 1.385,
                    textTransform: 'uppercase',
                    letterSpacing: '0.4px',
                    color: 'text.disabled',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {section.heading}
                </Typography>
                <Box sx={{ flex: 1, borderTop: 1, borderColor: 'divider' }} />
              </ListItem>
            )}
            {section.items.map((item) => {
              const Icon = item.icon;
              return (
                <ListItem key={item.path} disablePadding sx={{ pr: 4, mb: 0.5 }}>
                  <ListItemButton
                    component={NavLink}
                    to={item.path}
                    caseSensitive
                    end
                    onClick={onNavigate}
                    sx={(theme) => ({
                      minHeight: 38,
                      py: 1.75,
                      pl: 5.5,
                      pr: 3.5,
                      borderRadius: '0 50px 50px 0',
                      color: 'text.primary',
                      transition: theme.transitions.create(['background-color', 'box-shadow'], {
                        duration: theme.transitions.duration.shorter,
                      }),
                      '& .MuiListItemIcon-root': { color: 'text.primary' },
                      '&:hover': { bgcolor: 'action.hover' },
                      '&.active': {
                        color: theme.palette.primary.contrastText,
                        backgroundImage: `linear-gradient(270deg, ${alpha(theme.palette.primary.main, 0.7)} 0%, ${theme.palette.primary.main} 100%)`,
                        boxShadow: `0 2px 6px ${alpha(theme.palette.primary.main, 0.3)}`,
                        '& .MuiListItemIcon-root': { color: theme.palette.primary.contrastText },
                      },
                      '&.Mui-focusVisible:not(.active)': { bgcolor: 'action.focus' },
                    })}
                  >
                    <ListItemIcon sx={{ minWidth: 0, mr: 2.5 }}>
                      <Icon sx={{ fontSize: 22 }} />
                    </ListItemIcon>
                    <ListItemText
                      primary={item.label}
                      slotProps={{ primary: { noWrap: true, sx: { fontSize: '0.9375rem', lineHeight: 1.467 } } }}
                      sx={{ my: 0 }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        ))}
      </Box>
    </Box>
  );
}
