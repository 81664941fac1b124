import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RedeemOutlined from '@mui/icons-material/RedeemOutlined';
import { endpoints, type Product } from '@portal/contract';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatCount, formatDateTime } from '../../shared/format';
import { filterProps, useListParams } from '../../shared/list-params';
import { useAdminProducts } from './api';
import { EMPTY_PRODUCT, ProductDialog, type ProductDraft } from './ProductDialog';

const FILTERS = ['search', 'status'] as const;
const STATUS_CHOICES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The catalogue's columns, the last the Edit button that opens the product in the dialog. */
function productColumns(onEdit: (draft: ProductDraft) => void): Column<Product>[] {
  return [
    {
      id: 'picture',
      label: 'Picture',
      render: (p) => (
        <Avatar
          variant="rounded"
          src={p.thumbnailUrl ?? undefined}
          alt={p.thumbnailUrl ? p.name : ''}
          sx={{ width: 48, height: 48 }}
        >
          <RedeemOutlined />
        </Avatar>
      ),
    },
    {
      id: 'name',
      label: 'Name',
      sortField: 'name',
      minWidth: 180,
      render: (p) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {p.name}
          </Typography>
          {p.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {p.description}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'price',
      label: 'Price',
      sortField: 'price',
      align: 'right',
      render: (p) => <Money value={p.price} unit="points" />,
    },
    { id: 'stock', label: 'Stock', sortField: 'stock', align: 'right', render: (p) => formatCount(p.stock) },
    { id: 'status', label: 'Status', render: (p) => <StatusChip status={p.active ? 'active' : 'inactive'} /> },
    {
      id: 'updated',
      label: 'Updated',
      secondary: true,
      minWidth: 170,
      render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.updatedAt)}</span>,
    },
    {
      id: 'actions',
      label: '',
      align: 'right',
      pinned: true,
      render: (p) => (
        <Button
          size="small"
          aria-label={`Edit ${p.name}`}
          onClick={() =>
            onEdit({
              id: p.id,
              name: p.name,
              description: p.description,
              price: p.price,
              stock: String(p.stock),
              active: p.active,
              imageUrl: p.imageUrl,
            })
          }
        >
          Edit
        </Button>
      ),
    },
  ];
}

/** /admin/products: the product catalogue; add, edit, deactivate, upload a picture (audited by the API). */
export function AdminProductsPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const products = useAdminProducts(list.query);
  const [draft, setDraft] = useState<ProductDraft | null>(null);

  const columns = productColumns(setDraft);

  return (
    <>
      <ListCard
        title="Products"
        subheader="The catalogue members redeem with points. Deactivated products can no longer be redeemed; pending redemptions stay as they are."
        action={
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
            <CsvExportButton list={endpoints.products.adminList} name="products" query={list.query} />
            <Button variant="contained" onClick={() => setDraft(EMPTY_PRODUCT)}>
              Add product
            </Button>
          </Stack>
        }
        filters={
          <>
            <SearchField label="Search products" {...filterProps(list, 'search')} />
            <SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />
          </>
        }
        label="Products"
        columns={columns}
        columnChooser="products"
        list={list}
        result={products}
        empty="No products yet. Add the first one."
      />
      {draft && <ProductDialog draft={draft} onClose={() => setDraft(null)} />}
    </>
  );
}
