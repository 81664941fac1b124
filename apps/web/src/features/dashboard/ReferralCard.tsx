import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { Link } from 'react-router';
import { CopyField } from '../../shared/components/CopyField';
import { plural } from '../../shared/words';

/** The member's referral link with copy and QR code, and how many joined with it; the referral link page has the left and right links. */
export function ReferralCard({
  link,
  directReferrals,
}: {
  link: string | undefined;
  directReferrals: number | undefined;
}) {
  return (
    <Card sx={{ height: '100%' }} data-testid="referral-card">
      <CardHeader
        title="Your referral link"
        subheader={directReferrals === undefined ? ' ' : `${plural(directReferrals, 'member')} joined with it`}
        action={
          <Button component={Link} to="/referral-link" size="small">
            Left and right links
          </Button>
        }
      />
      <CardContent>
        {link ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4} sx={{ alignItems: 'center' }}>
            <Box sx={{ p: 2, bgcolor: '#fff', borderRadius: 1, lineHeight: 0, flexShrink: 0 }}>
              <QRCodeSVG value={link} size={112} title="QR code of your referral link" />
            </Box>
            <Box sx={{ width: '100%', minWidth: 0 }}>
              <CopyField label="Referral link" value={link} testId="dashboard-referral-link" />
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
                Whoever registers with it joins your team, with you as their sponsor.
              </Typography>
            </Box>
          </Stack>
        ) : (
          <Skeleton variant="rounded" height={112} />
        )}
      </CardContent>
    </Card>
  );
}
