import Typography from '@mui/material/Typography';
import { useSession } from '../session/useSession';

/**
 * No admin decides on their own money (docs/decisions/0050-no-admin-acts-on-their-own-money.md):
 * `useIsOwn` says which rows of an approval list are the signed-in admin's,
 * and `OwnMoneyNote` says why such a row offers no action, in its place.
 */
export function useIsOwn(): (memberId: number) => boolean {
  const me = useSession().user?.id;
  return (memberId) => me !== undefined && memberId === me;
}

export function OwnMoneyNote({ what }: { what: string }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid="own-money-note" sx={{ maxWidth: 220 }}>
      Your own {what}: another admin decides on it.
    </Typography>
  );
}
