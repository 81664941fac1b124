import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import type { Package } from '@portal/contract';
import { isSessionEnded } from '../../shared/api/errors';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { useAdminPackages } from '../packages/api';
import { formatBV } from '../../shared/format';
import { PackageDialog } from './PackageDialog';
import { EMPTY_PACKAGE, usePackageEditor } from './usePackageEditor';

/** /admin/packages: the catalogue; add, edit, deactivate (audited by the API). */
export function AdminPackagesPage() {
  const packages = useAdminPackages();
  const editor = usePackageEditor();
  const { open } = editor;

  const columns: Column<Package>[] = [
    { id: 'name', label: 'Name', render: (p) => p.name },
    { id: 'price', label: 'Price', align: 'right', render: (p) => <Money value={p.price} unit="USDT" /> },
    { id: 'bv', label: 'BV', align: 'right', render: (p) => formatBV(p.bv) },
    { id: 'cap', label: 'Daily cap', align: 'right', render: (p) => <Money value={p.dailyCap} unit="USDT" /> },
    { id: 'status', label: 'Status', render: (p) => <StatusChip status={p.active ? 'active' : 'inactive'} /> },
    {
      id: 'actions',
      label: '',
      align: 'right',
      pinned: true,
      render: (p) => (
        <Button
          size="small"
          onClick={() =>
            open({ id: p.id, name: p.name, price: p.price, bv: p.bv, dailyCap: p.dailyCap, active: p.active })
          }
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader
        title="Packages"
        subheader="Price and caps in USDT. Changes apply to later purchases and closes; deactivated packages can no longer be bought."
        action={
          <Button variant="contained" onClick={() => open(EMPTY_PACKAGE)}>
            Add package
          </Button>
        }
      />
      <DataTable
        label="Packages"
        columns={columns}
        rows={packages.data?.items}
        total={packages.data?.items.length}
        rowKey={(p) => p.id}
        page={1}
        pageSize={100}
        onPage={() => undefined}
        onPageSize={() => undefined}
        hidePagination
        loading={packages.isPending}
        error={packages.isError && !isSessionEnded(packages.error) ? packages.error : undefined}
        onRetry={() => void packages.refetch()}
        empty="No packages yet."
      />
      <PackageDialog editor={editor} />
    </Card>
  );
}
