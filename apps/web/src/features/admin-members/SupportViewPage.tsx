import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints, SUPPORT_VIEW_MINUTES } from '@portal/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../shared/api/instance';
import { errorMessage } from '../../shared/api/errors';
import { beginSupportView } from '../../shared/session/begin-support-view';
import { useMember } from './api';

/**
 * /support-view/:id, opened in a tab of its own from the member's page: the admin confirms, and
 * this tab becomes the member's pages, read-only (docs/decisions/0069-support-views-read-only.md);
 * the admin's other tabs keep their own sign-in.
 */
export function SupportViewPage() {
  const id = Number.parseInt(useParams().id ?? '', 10);
  const member = useMember(id);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const returnTo = `/Members/${id}`;
  const start = useMutation({
    mutationFn: () => api.call(endpoints.users.adminViewAs, { params: { id } }),
    onSuccess: async (view) => {
      // Nothing of the admin's answers shows in the member's pages.
      queryClient.clear();
      beginSupportView(view, returnTo);
      await navigate('/dashboard', { replace: true });
    },
  });

  if (!Number.isInteger(id) || id <= 0) return <Alert severity="error">This is not a member's address.</Alert>;
  if (member.isPending) return <Skeleton variant="rounded" height={200} />;
  const username = member.data ? `@${member.data.username}` : `account #${id}`;

  return (
    <Card sx={{ maxWidth: 640 }}>
      <CardContent>
        <Stack spacing={4}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            View {username} as support
          </Typography>
          <Typography>
            This tab shows the portal as {username} sees it, for {SUPPORT_VIEW_MINUTES} minutes. It is read-only: the
            server refuses every change made from it. The view is recorded in the audit log and in the member's security
            log. Your own sign-in stays as it is in your other tabs.
          </Typography>
          {member.isError && <Alert severity="error">{errorMessage(member.error)}</Alert>}
          {start.isError && <Alert severity="error">{errorMessage(start.error)}</Alert>}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            <Button
              variant="contained"
              startIcon={<VisibilityOutlined />}
              disabled={start.isPending}
              onClick={() => start.mutate()}
            >
              Start the view
            </Button>
            <Button component={Link} to={returnTo}>
              Back to the member
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
