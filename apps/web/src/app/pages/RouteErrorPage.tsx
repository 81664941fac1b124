import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen, NotFoundPage } from './NotFoundPage';

/** What a page shows when it crashes (or a route answers an error). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <ErrorScreen
      code="Oops"
      title="Something went wrong"
      text="This page failed to load. Reload it; if it happens again, please tell the support team."
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      }
    />
  );
}
