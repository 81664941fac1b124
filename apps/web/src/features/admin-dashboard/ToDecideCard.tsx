import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { ToDecide, ToDecideKind } from '@portal/contract';
import type { StatusColor } from '../../shared/components/StatusChip';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { DECISION_KINDS, decisionFacts, decisionsSummary, waitingFirst } from './to-decide';

const ICONS: Record<ToDecideKind, ReactNode> = {
  withdrawals: <TaskAltOutlined />,
  secondApprovals: <HowToRegOutlined />,
  redemptions: <LocalShippingOutlined />,
  heldDeposits: <GppMaybeOutlined />,
  closeReview: <EventNoteOutlined />,
  failedPayouts: <ErrorOutlineOutlined />,
  stuckPayouts: <HourglassEmptyOutlined />,
  heldByCap: <PauseCircleOutlined />,
  settingChanges: <TuneOutlined />,
  setup: <RocketLaunchOutlined />,
};

const URGENT: ReadonlySet<ToDecideKind> = new Set(['failedPayouts', 'stuckPayouts']);

/** Re-renders every minute, so the ages move. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The close card further down the dashboard: scrolled to, as a link to a place on this page. */
function scrollToClose() {
  document.getElementById('daily-close')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function DecisionRow({ item, now }: { item: ToDecide; now: number }) {
  const kind = DECISION_KINDS[item.kind];
  const waiting = item.count > 0;
  const color: StatusColor = !waiting ? 'secondary' : URGENT.has(item.kind) ? 'error' : 'warning';
  const facts = decisionFacts(item, now);
  const onPage = kind.to.startsWith('#');
  const link = onPage
    ? { component: 'a' as const, href: kind.to, onClick: scrollToClose }
    : { component: Link, to: kind.to };
  return (
    <ListItem disablePadding divider>
      <ListItemButton {...link} sx={{ gap: 4, py: 2.5, alignItems: 'center' }}>
        <TonalAvatar variant="rounded" color={color} sx={{ width: 40, height: 40 }}>
          {ICONS[item.kind]}
        </TonalAvatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 500 }}>{kind.label}</Typography>
          <Typography variant="body2" color="text.secondary">
            <span data-testid={`admin-${kind.id}-note`}>{kind.note(item)}</span>
            {facts ? (
              <>
                {' · '}
                <span data-testid={`admin-${kind.id}-age`}>{facts}</span>
              </>
            ) : null}
          </Typography>
        </Box>
        <Typography
          variant="h5"
          component="p"
          color={waiting ? 'text.primary' : 'text.secondary'}
          sx={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0, textAlign: 'right' }}
        >
          <span data-testid={`admin-${kind.id}`}>{kind.value(item)}</span>
        </Typography>
      </ListItemButton>
    </ListItem>
  );
}

/**
 * The admin dashboard's first card (issue 42, item 1): every decision waiting for an admin, as the API counts it
 * (dashboard/to-decide.ts): how many, their sum, how long the oldest has waited, and a link to those rows. The
 * kinds with something waiting come first; those with none stay listed, muted, so an empty day reads as such.
 */
export function ToDecideCard({ items }: { items: ToDecide[] | undefined }) {
  const now = useMinute();
  return (
    <Card component="section" aria-labelledby="to-decide-title">
      <CardHeader
        title="To decide"
        slotProps={{ title: { id: 'to-decide-title', component: 'h2' } }}
        subheader={items ? <span data-testid="admin-to-decide-summary">{decisionsSummary(items, now)}</span> : ' '}
      />
      {items ? (
        <List disablePadding>
          {waitingFirst(items).map((item) => (
            <DecisionRow key={item.kind} item={item} now={now} />
          ))}
        </List>
      ) : (
        <Box sx={{ px: 5, pb: 5 }}>
          <Skeleton variant="rounded" height={160} />
        </Box>
      )}
    </Card>
  );
}
