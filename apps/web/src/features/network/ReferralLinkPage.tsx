import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import KeyboardArrowLeftOutlined from '@mui/icons-material/KeyboardArrowLeftOutlined';
import KeyboardArrowRightOutlined from '@mui/icons-material/KeyboardArrowRightOutlined';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router';
import type { ReferralLink } from '@portal/contract';
import { errorMessage, isApiError, isSessionEnded } from '../../shared/api/errors';
import { CopyField } from '../../shared/components/CopyField';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import type { StatusColor } from '../../shared/components/StatusChip';
import { formatCount } from '../../shared/format';
import { useReferralLink } from './api';

type LinkKind = 'plain' | 'left' | 'right';

const LINKS: Array<{ kind: LinkKind; label: string; help: string }> = [
  {
    kind: 'plain',
    label: 'Referral link',
    help: 'People who join with it wait on your Placement page until you place them.',
  },
  {
    kind: 'left',
    label: 'Left leg link',
    help: 'People who join with it are placed at once at the bottom of your left leg.',
  },
  {
    kind: 'right',
    label: 'Right leg link',
    help: 'People who join with it are placed at once at the bottom of your right leg.',
  },
];

/** /referral-link: the plain, left and right links with copy buttons, a QR code and the sign-up counts. */
export function ReferralLinkPage() {
  const link = useReferralLink();
  const [qrKind, setQrKind] = useState<LinkKind>('plain');

  if (link.isError && isSessionEnded(link.error)) return null;
  if (link.isError) {
    const notMember = isApiError(link.error) && link.error.code === 'NOT_A_MEMBER';
    return (
      <Alert
        severity={notMember ? 'info' : 'error'}
        action={
          notMember ? undefined : (
            <Button color="inherit" size="small" onClick={() => void link.refetch()}>
              Try again
            </Button>
          )
        }
      >
        {notMember
          ? 'Referral links belong to network members. This account has no membership, so it has no link to share.'
          : errorMessage(link.error, 'Your referral link could not be loaded.')}
      </Alert>
    );
  }

  return (
    <Grid container spacing={6}>
      <Grid size={{ xs: 12 }}>
        <SignupCounts data={link.data} />
      </Grid>
      <Grid size={{ xs: 12, md: 7, xl: 8 }}>
        <Card>
          <CardHeader
            title="Your links"
            subheader={
              link.data ? `Share them: whoever joins becomes your referral, @${link.data.username}.` : undefined
            }
          />
          <CardContent sx={{ display: 'grid', gap: 5 }}>
            {LINKS.map(({ kind, label, help }) =>
              link.data ? (
                <CopyField key={kind} testId={`link-${kind}`} label={label} value={link.data.links[kind]} help={help} />
              ) : (
                <Skeleton key={kind} variant="rounded" height={56} />
              ),
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5, xl: 4 }}>
        <Card sx={{ height: '100%' }}>
          <CardHeader title="QR code" subheader="Scan to open the sign-up page" />
          <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 4 }}>
            <Tabs value={qrKind} onChange={(_e, value: LinkKind) => setQrKind(value)} aria-label="Link for the QR code">
              <Tab value="plain" label="Plain" />
              <Tab value="left" label="Left" />
              <Tab value="right" label="Right" />
            </Tabs>
            {link.data ? (
              <Box sx={{ p: 3, bgcolor: '#fff', borderRadius: 1, lineHeight: 0 }} data-testid="referral-qr">
                <QRCodeSVG
                  value={link.data.links[qrKind]}
                  size={200}
                  marginSize={1}
                  title={`QR code of ${link.data.links[qrKind]}`}
                />
              </Box>
            ) : (
              <Skeleton variant="rounded" width={224} height={224} />
            )}
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', overflowWrap: 'anywhere' }}>
              {link.data?.links[qrKind]}
            </Typography>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

function SignupCounts({ data }: { data: ReferralLink | undefined }) {
  const stats: Array<{
    id: string;
    label: string;
    value: number | undefined;
    icon: React.ReactNode;
    color: StatusColor;
    hint?: React.ReactNode;
  }> = [
    { id: 'total', label: 'Sign-ups', value: data?.signups.total, icon: <GroupAddOutlined />, color: 'primary' },
    {
      id: 'left',
      label: 'With the left link',
      value: data?.signups.left,
      icon: <KeyboardArrowLeftOutlined />,
      color: 'info',
    },
    {
      id: 'right',
      label: 'With the right link',
      value: data?.signups.right,
      icon: <KeyboardArrowRightOutlined />,
      color: 'success',
    },
    {
      id: 'waiting',
      label: 'Waiting to be placed',
      value: data?.signups.waiting,
      icon: <HourglassEmptyOutlined />,
      color: 'warning',
      hint: data && data.signups.waiting > 0 ? <Link to="/placement">Place them</Link> : undefined,
    },
  ];
  return (
    <Grid container spacing={6}>
      {stats.map((stat) => (
        <Grid key={stat.label} size={{ xs: 12, sm: 6, lg: 3 }}>
          <Card>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 4 }}>
              <TonalAvatar variant="rounded" color={stat.color} sx={{ width: 44, height: 44 }}>
                {stat.icon}
              </TonalAvatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h5" component="p" data-testid={`signups-${stat.id}`}>
                  {stat.value === undefined ? <Skeleton width={40} /> : formatCount(stat.value)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {stat.label} {stat.hint && <>· {stat.hint}</>}
                </Typography>
              </Box>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
