import type { MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import type { AdminUser } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { PersonName } from '../../shared/components/PersonName';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDate, formatDateTime } from '../../shared/format';
import { accountStatusTerm } from '../../shared/vocabulary';

/** The accounts list's columns, the last a button that opens the account's actions. */
export function userColumns(onActions: (event: MouseEvent<HTMLElement>, user: AdminUser) => void): Column<AdminUser>[] {
  return [
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
    {
      id: 'status',
      label: 'Status',
      sortField: 'status',
      render: (u) => <StatusChip status={u.status} label={accountStatusTerm(u.status).word} />,
    },
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
        <IconButton aria-label={`Actions for @${u.username}`} onClick={(event) => onActions(event, u)}>
          <MoreVertOutlined />
        </IconButton>
      ),
    },
  ];
}
