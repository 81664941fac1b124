import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import RedeemOutlined from '@mui/icons-material/RedeemOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import type { PendingItem } from '@portal/contract';
import { Link } from 'react-router';
import { formatBV, formatDate, formatMoney } from '../../shared/format';

const LOOK: Record<PendingItem['kind'], { title: string; icon: typeof UploadOutlined }> = {
  withdrawal: { title: 'Withdrawal', icon: UploadOutlined },
  redemption: { title: 'Redemption', icon: RedeemOutlined },
  deposit: { title: 'Deposit', icon: DownloadOutlined },
  placement: { title: 'Placement', icon: AccountTreeOutlined },
};

const amountText = (item: PendingItem) =>
  item.amount === null
    ? ''
    : item.unit === 'BV'
      ? `${formatBV(item.amount)} BV · `
      : `${formatMoney(item.amount)} ${item.unit === 'points' ? 'points' : 'USDT'} · `;

/** What is not finished yet (withdrawals, redemptions, deposits being confirmed, a placement), each in words, linked to its page. */
export function PendingCard({ items }: { items: PendingItem[] | undefined }) {
  return (
    <Card sx={{ height: '100%' }} data-testid="pending-card">
      <CardHeader title="In progress" subheader="Requests and deposits not finished yet" />
      {items === undefined ? (
        <CardContent>
          <Skeleton variant="rounded" height={96} />
        </CardContent>
      ) : items.length === 0 ? (
        <CardContent>
          <Typography color="text.secondary">
            Nothing in progress: no withdrawal, redemption or deposit is waiting.
          </Typography>
        </CardContent>
      ) : (
        <List aria-label="In progress" sx={{ pt: 0 }}>
          {items.map((item) => {
            const look = LOOK[item.kind];
            const Icon = look.icon;
            return (
              <ListItem key={`${item.kind}-${item.id ?? 0}`} disablePadding>
                <ListItemButton component={Link} to={item.link} sx={{ px: 5 }}>
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText
                    primary={`${look.title}${item.id === null ? '' : ` #${item.id}`}`}
                    secondary={`${amountText(item)}${item.state} · since ${formatDate(item.at)}`}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Card>
  );
}
