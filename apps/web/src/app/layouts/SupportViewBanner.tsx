import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/instance';
import { formatDateTime } from '../../shared/format';
import { useSession } from '../../shared/session/useSession';

/**
 * On every page of a support view (docs/decisions/0069-support-views-read-only.md): whose pages
 * these are, that nothing can change, until when; "End view" ends it on the server
 * and takes the tab back to the admin's page, where their own sign-in resumes.
 */
export function SupportViewBanner() {
  const { supportView, user } = useSession();
  const navigate = useNavigate();
  const [ending, setEnding] = useState(false);
  if (!supportView || !user) return null;

  const end = async () => {
    setEnding(true);
    await api.logout();
    await navigate(supportView.returnTo, { replace: true });
  };

  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      data-testid="support-view-banner"
      action={
        <Button color="inherit" size="small" variant="outlined" disabled={ending} onClick={() => void end()}>
          End view
        </Button>
      }
      sx={{ borderRadius: 0, alignItems: 'center', '& .MuiAlert-message': { overflowWrap: 'anywhere', minWidth: 0 } }}
    >
      Viewing as {user.username}, read-only (support: {supportView.viewedBy}, until {formatDateTime(supportView.endsAt)}
      )
    </Alert>
  );
}
