import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { alpha, darken, lighten } from '@mui/material/styles';
import { useEffect, useMemo, useRef, useState } from 'react';
import Collapse from '@mui/material/Collapse';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import { NavLink, useLocation } from 'react-router';
import { Logo } from '../../shared/components/Logo';
import { layout } from '../theme/tokens';
import type { NavSection } from './navigation';

type NavItemEntry = NavSection['items'][number];

/** localStorage key holding the menu groups the user folded. */
export const NAV_COLLAPSED_KEY = 'portal.navCollapsed';

function readCollapsed(): Set<string> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(NAV_COLLAPSED_KEY) ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Groups fold and stay folded across visits; the current page's group always shows. */
function useFoldedGroups(sections: NavSection[], pathname: string) {
  const [folded, setFolded] = useState<Set<string>>(readCollapsed);
  const current = sections.find((s) => s.items.some((i) => i.path === pathname))?.id;
  const collapsed = useMemo(() => {
    const set = new Set(folded);
    if (current) set.delete(current);
    return set;
  }, [folded, current]);
  const toggle = (id: string) =>
    setFolded((prev) => {
      const next = new Set(prev);
      if (collapsed.has(id)) next.delete(id);
      else next.add(id);
      try {
        window.localStorage.setItem(NAV_COLLAPSED_KEY, JSON.stringify([...next]));
      } catch {
        // Storage unavailable: the folding lasts for this page only.
      }
      return next;
    });
  return { collapsed, toggle };
}

/** Materio's vertical navigation: logo, section headings with a rule, gradient-filled active item. */
export function NavMenu({
  sections,
  onNavigate,
  home = '/dashboard',
}: {
  sections: NavSection[];
  onNavigate?: () => void;
  home?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const { collapsed, toggle } = useFoldedGroups(sections, pathname);

  // Keep the current page's item in view (the Admin group sits far down the list).
  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>('a.active');
    active?.scrollIntoView?.({ block: 'nearest' });
  }, [pathname]);

  return (
    <Box component="nav" aria-label="Main navigation" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box
        component={NavLink}
        to={home}
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
          <Box key={section.id} sx={{ pt: section.heading ? 0 : 1 }}>
            {section.heading && (
              <GroupHeading
                section={section}
                heading={section.heading}
                folded={collapsed.has(section.id)}
                onToggle={() => toggle(section.id)}
              />
            )}
            <Collapse in={!section.heading || !collapsed.has(section.id)} id={`nav-group-${section.id}`} unmountOnExit>
              <List disablePadding aria-label={section.heading ?? 'General'}>
                {section.items.map((item) => (
                  <NavItem key={item.path} item={item} onNavigate={onNavigate} />
                ))}
              </List>
            </Collapse>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** A group's heading between two rules: a button that folds the group. */
function GroupHeading({
  section,
  heading,
  folded,
  onToggle,
}: {
  section: NavSection;
  heading: string;
  folded: boolean;
  onToggle: () => void;
}) {
  return (
    <Box sx={{ mt: 4, mb: 2, pr: 5 }}>
      <ListItemButton
        component="button"
        onClick={onToggle}
        aria-expanded={!folded}
        aria-controls={`nav-group-${section.id}`}
        data-testid={`nav-group-${section.id}`}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2.5,
          px: 0,
          py: 0.5,
          borderRadius: '0 50px 50px 0',
        }}
      >
        <Box sx={{ width: 14, flexShrink: 0, borderTop: 1, borderColor: 'divider' }} />
        <Typography
          component="span"
          sx={{
            fontSize: '0.8125rem',
            lineHeight: 1.385,
            textTransform: 'uppercase',
            letterSpacing: '0.4px',
            color: 'text.secondary',
            whiteSpace: 'nowrap',
          }}
        >
          {heading}
        </Typography>
        <Box sx={{ flex: 1, borderTop: 1, borderColor: 'divider' }} />
        <ExpandMoreOutlined
          fontSize="small"
          aria-hidden="true"
          sx={{
            color: 'text.secondary',
            transform: folded ? 'rotate(-90deg)' : 'none',
            transition: 'transform 150ms',
          }}
        />
      </ListItemButton>
    </Box>
  );
}

/** One page's link; the current page's is filled with the primary gradient. */
function NavItem({ item, onNavigate }: { item: NavItemEntry; onNavigate?: () => void }) {
  const Icon = item.icon;
  return (
    <ListItem disablePadding sx={{ pr: 4, mb: 0.5 }}>
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
            // Both ends keep the label's contrast.
            backgroundImage: `linear-gradient(270deg, ${theme.palette.mode === 'light' ? darken(theme.palette.primary.main, 0.12) : lighten(theme.palette.primary.main, 0.12)} 0%, ${theme.palette.primary.main} 100%)`,
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
}
