import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import { endpoints, type AdminUser } from '@portal/contract';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { AccountSearchField, AccountStatusFilter } from '../../shared/components/AccountFilters';
import { SelectFilter, type Choice } from '../../shared/components/ListFilters';
import { PersonName } from '../../shared/components/PersonName';
import { StatusChip } from '../../shared/components/StatusChip';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { formatDate, formatDateTime } from '../../shared/format';
import { filterProps, useListParams } from '../../shared/list-params';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/toast';
import { useUpdateUser } from '../admin-members/api';
import { useUsers } from './api';
import { CreateAdminDialog, ResetSignInDialog } from './UserDialogs';

const FILTERS = ['search', 'role', 'status'] as const;
const ROLE_CHOICES: Choice[] = [
  { value: 'admin', label: 'Admin' },
  { value: 'member', label: 'Member' },
];

type Change = {
  user: AdminUser;
  body: { status?: 'active' | 'blocked'; role?: 'admin' | 'member' };
  title: string;
  text: string;
};

/** /Users ("Users Management"): every account; create admins, block and unblock, role, reset sign-in. */
export function UsersPage() {
  const toast = useToast();
  const navigate = useNavigate();
  const { user: me } = useSession();
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const users = useUsers(list.query);
  const update = useUpdateUser();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: AdminUser } | null>(null);
  const [change, setChange] = useState<Change | null>(null);

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
      setChange(null);
    }
  };

  const columns: Column<AdminUser>[] = [
    {
      id: 'user',
      label: 'User',
      sortField: 'username',
      minWidth: 180,
      render: (u) => <PersonName person={u} />,
    },
    { id: 'email', label: 'Email', sortField: 'email', render: (u) => u.email },
    {
      id: 'role',
      label: 'Role',
      sortField: 'role',
      render: (u) => <StatusChip status={u.role} label={u.role === 'admin' ? 'Admin' : 'Member'} />,
    },
    { id: 'status', label: 'Status', sortField: 'status', render: (u) => <StatusChip status={u.status} /> },
    {
      id: 'network',
      label: 'Network',
      secondary: true,
      sortField: 'member',
      render: (u) => (u.isMember ? 'Member' : '—'),
    },
    {
      id: 'created',
      label: 'Created',
      secondary: true,
      sortField: 'createdAt',
      render: (u) => formatDate(u.createdAt),
    },
    {
      id: 'last',
      label: 'Last sign-in',
      sortField: 'lastSignInAt',
      render: (u) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt) : 'Never'),
    },
    {
      id: 'actions',
      label: '',
      align: 'right',
      pinned: true,
      render: (u) => (
        <IconButton
          aria-label={`Actions for @${u.username}`}
          onClick={(event) => setMenu({ anchor: event.currentTarget, user: u })}
        >
          <MoreVertOutlined />
        </IconButton>
      ),
    },
  ];

  const target = menu?.user;
  const isMe = target?.id === me?.id;

  return (
    <>
      <ListCard
        title="Accounts"
        subheader="Members and administrators. Blocking signs an account out at once."
        action={
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2 }}>
            <CsvExportButton list={endpoints.users.adminList} name="users" query={list.query} />
            <Button variant="contained" startIcon={<PersonAddAltOutlined />} onClick={() => setCreating(true)}>
              Create admin
            </Button>
          </Stack>
        }
        filters={
          <>
            <AccountSearchField {...filterProps(list, 'search')} />
            <SelectFilter label="Role" choices={ROLE_CHOICES} {...filterProps(list, 'role')} />
            <AccountStatusFilter {...filterProps(list, 'status')} />
          </>
        }
        label="Users"
        columns={columns}
        columnChooser="users"
        list={list}
        result={users}
        empty="No accounts match these filters."
      />

      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {target?.isMember && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              void navigate(`/Members/${target.id}`);
            }}
          >
            Open member page
          </MenuItem>
        )}
        {target?.isCompanyRoot && (
          <MenuItem disabled>The company root does not sign in: no block, role or sign-in reset</MenuItem>
        )}
        {target && !isMe && !target.isCompanyRoot && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setChange(
                target.status === 'blocked'
                  ? {
                      user: target,
                      body: { status: 'active' },
                      title: `Unblock @${target.username}?`,
                      text: 'The account can sign in again (and receive transfers if it is a member).',
                    }
                  : {
                      user: target,
                      body: { status: 'blocked' },
                      title: `Block @${target.username}?`,
                      text: 'The account is signed out at once, cannot sign in, and cannot receive transfers.',
                    },
              );
            }}
          >
            {target.status === 'blocked' ? 'Unblock' : 'Block'}
          </MenuItem>
        )}
        {target && !isMe && !target.isCompanyRoot && (target.role === 'member' || target.isMember) && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              const toAdmin = target.role === 'member';
              setChange({
                user: target,
                body: { role: toAdmin ? 'admin' : 'member' },
                title: toAdmin ? `Make @${target.username} an admin?` : `Make @${target.username} a member only?`,
                text: toAdmin
                  ? 'Admins see every member and every wallet, and can move money by adjustment.'
                  : 'The account loses access to the admin pages at once.',
              });
            }}
          >
            {target.role === 'member' ? 'Make admin' : 'Remove admin role'}
          </MenuItem>
        )}
        {target && !isMe && !target.isCompanyRoot && target.status === 'active' && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setResetting(target);
            }}
          >
            Reset sign-in
          </MenuItem>
        )}
        {target && isMe && <MenuItem disabled>Manage your own account in Account settings</MenuItem>}
      </Menu>

      <ConfirmDialog
        open={!!change}
        title={change?.title ?? ''}
        confirmLabel="Confirm"
        color={change?.body.status === 'blocked' ? 'error' : 'primary'}
        busy={update.isPending}
        onConfirm={() => void apply()}
        onClose={() => setChange(null)}
      >
        <Typography>{change?.text}</Typography>
      </ConfirmDialog>
      <CreateAdminDialog open={creating} onClose={() => setCreating(false)} />
      <ResetSignInDialog user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
