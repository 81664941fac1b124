import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { usePageTitle } from '../routing';
import { TonalAvatar } from './TonalAvatar';

export interface NotAvailableYetProps {
  /** The part of the portal the page belongs to, e.g. "the wallet area". */
  area: string;
}

/** The shell of a page whose feature is not built yet: its title and a plain statement, no invented figures. */
export function NotAvailableYet({ area }: NotAvailableYetProps) {
  const title = usePageTitle();
  return (
    <Card data-testid="not-available-yet">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={4}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <TonalAvatar variant="rounded" color="info" sx={{ width: 48, height: 48 }}>
            <ConstructionOutlined />
          </TonalAvatar>
          <div>
            <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
              {title ?? 'This page'}
            </Typography>
            <Typography color="text.secondary">This page is part of {area} and is not available yet.</Typography>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
