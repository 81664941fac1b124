import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { session } from '../shared/session/instance';
import { usePageTitle } from '../shared/routing';
import { rememberNextPath } from '../shared/next-path';
import { useToast } from '../shared/toast';

export const APP_NAME = 'Members Portal';

/**
 * Wraps every page: scroll to the top on every navigation, the document
 * title, and what happens when the session ends on its own (a failed
 * refresh): an error toast and the sign-in page.
 */
export function RootShell() {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const title = usePageTitle();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [location.key]);

  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);

  useEffect(
    () =>
      session.onLogout((reason, returnTo) => {
        if (!reason) return;
        // A support view that ran out goes back to the admin's page (`returnTo`), where their own sign-in resumes;
        // a sign-in that ended, to the login and then back to where it ended.
        (returnTo ? toast.info : toast.error)(reason);
        if (!returnTo) rememberNextPath(window.location.pathname + window.location.search);
        void navigate(returnTo ?? '/login', { replace: true });
      }),
    [navigate, toast],
  );

  return <Outlet />;
}
