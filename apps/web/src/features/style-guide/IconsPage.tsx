import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { APP_ROUTES } from '../../app/routes';
import { MENU_ICONS, type MenuIconName } from '../../shared/menu-icons';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import type { StatusColor } from '../../shared/components/StatusChip';
import { WALLET_LOOK } from '../wallet/BalanceCards';
import { Section } from './Section';

interface IconEntry {
  name: string;
  Icon: SvgIconComponent;
  color: StatusColor;
  usedIn: string[];
}

/** The menu's icons (`shared/menu-icons.ts`), each with the pages whose menu entry names it (the route table). */
function menuIcons(): IconEntry[] {
  return (Object.entries(MENU_ICONS) as [MenuIconName, SvgIconComponent][]).map(([name, Icon]) => {
    const pages = APP_ROUTES.filter((route) => route.menu?.icon === name).map(
      (route) => `${route.title} (${route.path})`,
    );
    return {
      name,
      Icon,
      color: 'primary',
      usedIn: pages.length ? pages : ['Defined for the menu, named by no page yet'],
    };
  });
}

/** The wallets' icons (`features/wallet/BalanceCards.tsx`). */
function walletIcons(): IconEntry[] {
  return Object.entries(WALLET_LOOK).map(([wallet, look]) => ({
    name: look.iconName,
    Icon: look.icon,
    color: look.color,
    usedIn: [`The ${wallet} wallet's balance card (${look.note.toLowerCase()})`],
  }));
}

function IconGrid({ icons, testId }: { icons: IconEntry[]; testId: string }) {
  return (
    <Box
      component="ul"
      data-testid={testId}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 4,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {icons.map(({ name, Icon, color, usedIn }) => (
        <Card component="li" key={`${testId}-${name}`} sx={{ minWidth: 0 }}>
          <CardContent sx={{ display: 'flex', gap: 4, alignItems: 'flex-start' }}>
            <TonalAvatar variant="rounded" color={color} sx={{ width: 42, height: 42 }}>
              <Icon aria-hidden="true" />
            </TonalAvatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
                {name}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="div">
                {usedIn.join(' · ')}
              </Typography>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** /icons: the icons the app draws, read from the modules that define them, each with where it is used. */
export function IconsPage() {
  const menu = menuIcons();
  return (
    <>
      <Section
        title={`Menu icons (${menu.length})`}
        description="From shared/menu-icons.ts: each page of the menu names one; listed with the pages that name it."
      >
        <IconGrid icons={menu} testId="menu-icons" />
      </Section>
      <Section
        title="Wallet icons"
        description="From features/wallet/BalanceCards.tsx: the icon of each wallet's card."
      >
        <IconGrid icons={walletIcons()} testId="wallet-icons" />
      </Section>
    </>
  );
}
