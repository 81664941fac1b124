import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { AdminUser } from '@portal/contract';
import { useNavigate } from 'react-router';
import { useSession } from '../../shared/session/useSession';
import { roleChange, statusChange, type UserChange } from './UserChange';

interface Props {
  menu: { anchor: HTMLElement; user: AdminUser } | null;
  onClose: () => void;
  onChange: (change: UserChange) => void;
  onResetSignIn: (user: AdminUser) => void;
}

/**
 * An account's actions. The company root never signs in and an admin's own account is managed in Account
 * settings: neither offers block, role or sign-in reset, and says why.
 */
export function UserActionsMenu({ menu, onClose, onChange, onResetSignIn }: Props) {
  const navigate = useNavigate();
  const { user: me } = useSession();
  const target = menu?.user;
  const isMe = target?.id === me?.id;
  const changeable = target && !isMe && !target.isCompanyRoot;
  // Each item closes the menu first, then acts.
  const then = (act: () => void) => () => {
    onClose();
    act();
  };

  return (
    <Menu anchorEl={menu?.anchor} open={!!menu} onClose={onClose}>
      {target?.isMember && (
        <MenuItem onClick={then(() => void navigate(`/Members/${target.id}`))}>Open member page</MenuItem>
      )}
      {target?.isMember && target.role === 'member' && target.status === 'active' && (
        // A tab of its own (features/admin-members/SupportViewPage.tsx), where the admin confirms.
        <MenuItem onClick={then(() => void window.open(`/support-view/${target.id}`, '_blank', 'noopener'))}>
          View as member (read-only)
        </MenuItem>
      )}
      {target?.isCompanyRoot && (
        <MenuItem disabled>The company root does not sign in: no block, role or sign-in reset</MenuItem>
      )}
      {changeable && (
        <MenuItem onClick={then(() => onChange(statusChange(target)))}>
          {target.status === 'blocked' ? 'Unblock' : 'Block'}
        </MenuItem>
      )}
      {changeable && (target.role === 'member' || target.isMember) && (
        <MenuItem onClick={then(() => onChange(roleChange(target)))}>
          {target.role === 'member' ? 'Make admin' : 'Remove admin role'}
        </MenuItem>
      )}
      {changeable && target.status === 'active' && (
        <MenuItem onClick={then(() => onResetSignIn(target))}>Reset sign-in</MenuItem>
      )}
      {target && isMe && <MenuItem disabled>Manage your own account in Account settings</MenuItem>}
    </Menu>
  );
}
