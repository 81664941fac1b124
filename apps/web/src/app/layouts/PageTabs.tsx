import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link, useLocation } from 'react-router';
import { tabGroupOf } from '../../shared/page-tabs';

/** The tabs of the page's group (shared/page-tabs.ts), above the page; nothing for a page of its own. */
export function PageTabs() {
  const { pathname } = useLocation();
  const group = tabGroupOf(pathname);
  if (!group) return null;
  return (
    <Tabs
      value={pathname}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label="Views of this page"
      sx={{ mb: 6, borderBottom: 1, borderColor: 'divider' }}
    >
      {group.map((tab) => (
        <Tab key={tab.path} value={tab.path} label={tab.label} component={Link} to={tab.path} />
      ))}
    </Tabs>
  );
}
