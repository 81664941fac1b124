import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import { endpoints, type AdminUser } from '@portal/contract';
import { ListCard } from '../../shared/components/ListCard';
import { AccountSearchField, AccountStatusFilter } from '../../shared/components/AccountFilters';
import { SelectFilter, type Choice } from '../../shared/components/ListFilters';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { filterProps, useListParams } from '../../shared/list-params';
import { useUsers } from './api';
import { UserActionsMenu } from './UserActionsMenu';
import { ConfirmUserChange, type UserChange } from './UserChange';
import { userColumns } from './user-columns';
import { CreateAdminDialog, ResetSignInDialog } from './UserDialogs';

const FILTERS = ['search', 'role', 'status'] as const;
const ROLE_CHOICES: Choice[] = [
  { value: 'admin', label: 'Admin' },
  { value: 'member', label: 'Member' },
];

/** /Users ("Users Management"): every account; create admins, block and unblock, role, reset sign-in. */
export function UsersPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const users = useUsers(list.query);
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<AdminUser | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: AdminUser } | null>(null);
  const [change, setChange] = useState<UserChange | null>(null);
  const columns = userColumns((event, user) => setMenu({ anchor: event.currentTarget, user }));

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

      <UserActionsMenu menu={menu} onClose={() => setMenu(null)} onChange={setChange} onResetSignIn={setResetting} />
      <ConfirmUserChange change={change} onClose={() => setChange(null)} />
      <CreateAdminDialog open={creating} onClose={() => setCreating(false)} />
      <ResetSignInDialog user={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
