import Typography from '@mui/material/Typography';
import type { AdminUser } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { useToast } from '../../shared/toast';
import { useUpdateUser } from '../admin-members/api';

/** A change of an account's status or role, with the question and the consequence the admin confirms. */
export type UserChange = {
  user: AdminUser;
  body: { status?: 'active' | 'blocked'; role?: 'admin' | 'member' };
  title: string;
  text: string;
};

/** Block or unblock, whichever the account's status calls for. */
export function statusChange(user: AdminUser): UserChange {
  return user.status === 'blocked'
    ? {
        user,
        body: { status: 'active' },
        title: `Unblock @${user.username}?`,
        text: 'The account can sign in again (and receive transfers if it is a member).',
      }
    : {
        user,
        body: { status: 'blocked' },
        title: `Block @${user.username}?`,
        text: 'The account is signed out at once, cannot sign in, and cannot receive transfers.',
      };
}

/** Make a member an admin, or an admin a member only. */
export function roleChange(user: AdminUser): UserChange {
  const toAdmin = user.role === 'member';
  return {
    user,
    body: { role: toAdmin ? 'admin' : 'member' },
    title: toAdmin ? `Make @${user.username} an admin?` : `Make @${user.username} a member only?`,
    text: toAdmin
      ? 'Admins see every member and every wallet, and can move money by adjustment.'
      : 'The account loses access to the admin pages at once.',
  };
}

export function ConfirmUserChange({ change, onClose }: { change: UserChange | null; onClose: () => void }) {
  const toast = useToast();
  const update = useUpdateUser();

  const apply = async () => {
    if (!change) return;
    try {
      const updated = await update.mutateAsync({ id: change.user.id, body: change.body });
      // On a live portal the admin role waits for another admin and the delay (docs/decisions/0052-four-eyes-and-a-delay.md).
      if (change.body.role === 'admin' && updated.role !== 'admin')
        toast.info(
          `Making @${change.user.username} an admin waits for another admin and the delay: see Settings → Pending changes.`,
        );
      else toast.success(`@${change.user.username} updated.`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={!!change}
      title={change?.title ?? ''}
      confirmLabel="Confirm"
      color={change?.body.status === 'blocked' ? 'error' : 'primary'}
      busy={update.isPending}
      onConfirm={() => void apply()}
      onClose={onClose}
    >
      <Typography>{change?.text}</Typography>
    </ConfirmDialog>
  );
}
