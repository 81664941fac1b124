import { useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { useNavigate } from 'react-router';
import type { Notification } from '@portal/contract';
import { formatDateTime } from '../../shared/format';
import { visuallyHidden } from '../../shared/visually-hidden';
import { useMarkNotificationsRead, useNotifications } from './api';
import { useLiveNotifications } from './live';

/** The badge's figure, which the button's name must contain as it is shown (axe: label-content-name-mismatch). */
const shownCount = (unread: number) => (unread > 99 ? '99+' : String(unread));

function Item({ notification, onOpen }: { notification: Notification; onOpen: (n: Notification) => void }) {
  const unread = notification.readAt === null;
  return (
    <ListItemButton onClick={() => onOpen(notification)} sx={{ alignItems: 'flex-start', gap: 2 }}>
      <Box
        aria-hidden
        sx={{
          mt: 1.5,
          width: 8,
          height: 8,
          flex: 'none',
          borderRadius: '50%',
          bgcolor: unread ? 'primary.main' : 'transparent',
        }}
      />
      <ListItemText
        primary={notification.text}
        secondary={
          <>
            {formatDateTime(notification.createdAt)}
            {notification.explorerUrl && (
              <>
                {' · '}
                <Link
                  href={notification.explorerUrl}
                  target="_blank"
                  rel="noreferrer"
                  onClick={(e) => e.stopPropagation()}
                >
                  View the transaction
                </Link>
              </>
            )}
            {unread && (
              <Box component="span" sx={visuallyHidden}>
                {' '}
                (unread)
              </Box>
            )}
          </>
        }
        slotProps={{ primary: { variant: 'body2', sx: { fontWeight: unread ? 600 : 400 } } }}
      />
    </ListItemButton>
  );
}

/**
 * The bell on every signed-in page: the unread count, kept live (live.ts), and the latest notifications; opening
 * one marks it read and goes to its page.
 */
export function NotificationBell() {
  useLiveNotifications();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = notifications.data?.unread ?? 0;
  const items = notifications.data?.items ?? [];

  const open = (n: Notification) => {
    setAnchor(null);
    if (n.readAt === null) markRead.mutate([n.id]);
    void navigate(n.link);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={unread ? `Notifications, ${shownCount(unread)} unread` : 'Notifications'}
        data-testid="notification-bell"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread > 0 ? shownCount(unread) : undefined} color="error">
          <NotificationsOutlined />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 'min(380px, calc(100vw - 32px))', maxHeight: 480 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 4, py: 2 }}>
          <Typography variant="h6" component="h2">
            Notifications
          </Typography>
          <Button size="small" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            Mark all as read
          </Button>
        </Box>
        <Divider />
        {items.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 4, py: 6 }}>
            {notifications.isPending
              ? 'Loading…'
              : 'No notifications yet. Deposits, transfers, withdrawals and security changes will show here.'}
          </Typography>
        ) : (
          <List dense aria-label="Notifications" sx={{ py: 0 }}>
            {items.map((n) => (
              <Item key={n.id} notification={n} onOpen={open} />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
