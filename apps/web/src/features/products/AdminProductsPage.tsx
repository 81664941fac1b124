import { useEffect, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import RedeemOutlined from '@mui/icons-material/RedeemOutlined';
import {
  endpoints,
  MAX_PRODUCT_IMAGE_BYTES,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  type Product,
} from '@portal/contract';
import { errorMessage, isApiError } from '../../shared/api/errors';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { formatCount, formatDateTime } from '../../shared/format';
import { filterProps, useListParams } from '../../shared/list-params';
import { useToast } from '../../shared/toast';
import { useAdminProducts, useSaveProduct, useUploadProductImage } from './api';

type Draft = {
  id?: number;
  name: string;
  description: string;
  price: string;
  stock: string;
  active: boolean;
  imageUrl: string | null;
};
const EMPTY: Draft = { name: '', description: '', price: '', stock: '', active: true, imageUrl: null };
const FILTERS = ['search', 'status'] as const;
const STATUS_CHOICES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const MAX_MB = MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024);

/** /admin/products: the product catalogue; add, edit, deactivate, upload a picture (audited by the API). */
export function AdminProductsPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const products = useAdminProducts(list.query);
  const [draft, setDraft] = useState<Draft | null>(null);

  const columns: Column<Product>[] = [
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
            setDraft({
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

  return (
    <>
      <ListCard
        title="Products"
        subheader="The catalogue members redeem with points. Deactivated products can no longer be redeemed; pending redemptions stay as they are."
        action={
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
            <CsvExportButton list={endpoints.products.adminList} name="products" query={list.query} />
            <Button variant="contained" onClick={() => setDraft(EMPTY)}>
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

function ProductDialog({ draft: initial, onClose }: { draft: Draft; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveProduct();
  const upload = useUploadProductImage();
  const [draft, setDraft] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const busy = save.isPending || upload.isPending;

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    setFieldError(null);
    if (!chosen) return;
    if (chosen.size > MAX_PRODUCT_IMAGE_BYTES) {
      setFieldError({ field: 'image', message: `The picture is larger than ${MAX_MB} MB.` });
      return;
    }
    setFile(chosen);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    const stock = /^\d+$/.test(draft.stock.trim()) ? Number(draft.stock.trim()) : NaN;
    if (Number.isNaN(stock)) {
      setFieldError({ field: 'stock', message: 'Stock must be a whole number' });
      return;
    }
    const body = {
      name: draft.name.trim(),
      description: draft.description.trim(),
      price: draft.price.trim(),
      stock,
      active: draft.active,
    };
    let saved: Product | undefined;
    try {
      saved = await save.mutateAsync({ id: draft.id, body });
      // Saved: from here on this dialog edits it, even if the picture fails.
      setDraft((current) => ({ ...current, id: saved!.id, imageUrl: saved!.imageUrl }));
      if (file) saved = await upload.mutateAsync({ id: saved.id, file });
      toast.success(`${saved.name} saved.`);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
      setFieldError({
        field: isApiError(error) ? (error.field ?? (saved ? 'image' : undefined)) : undefined,
        message: errorMessage(error),
      });
    }
  };
  const err = (field: string, helper?: string) =>
    fieldError?.field === field ? { error: true, helperText: fieldError.message } : { helperText: helper };
  const shown = preview ?? draft.imageUrl;

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="product-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Product">
        <DialogTitle id="product-title">{draft.id ? 'Edit product' : 'Add product'}</DialogTitle>
        <DialogContent>
          <Stack spacing={4} sx={{ mt: 2 }}>
            <TextField
              label="Name"
              value={draft.name}
              required
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              {...err('name')}
              slotProps={{ htmlInput: { maxLength: PRODUCT_NAME_MAX } }}
            />
            <TextField
              label="Description"
              value={draft.description}
              multiline
              minRows={2}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
              {...err('description')}
              slotProps={{ htmlInput: { maxLength: PRODUCT_DESCRIPTION_MAX } }}
            />
            <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                label="Price (points)"
                value={draft.price}
                required
                onChange={(e) => setDraft({ ...draft, price: e.target.value })}
                {...err('price')}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <TextField
                label="Stock"
                value={draft.stock}
                required
                onChange={(e) => setDraft({ ...draft, stock: e.target.value })}
                {...err('stock')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Box>
            <FormControlLabel
              control={
                <Switch checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.target.checked })} />
              }
              label="Offered to members"
            />
            <Box sx={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap' }}>
              <Avatar
                variant="rounded"
                src={shown ?? undefined}
                alt={shown ? 'Picture preview' : ''}
                sx={{ width: 96, height: 96 }}
              >
                <RedeemOutlined fontSize="large" />
              </Avatar>
              <Box>
                <Button component="label" variant="outlined" startIcon={<AddPhotoAlternateOutlined />} disabled={busy}>
                  {shown ? 'Replace picture' : 'Choose picture'}
                  <input
                    hidden
                    type="file"
                    accept="image/jpeg,image/png,image/webp"
                    aria-label="Picture file"
                    onChange={(e) => choose(e.target.files?.[0])}
                  />
                </Button>
                <Typography
                  variant="body2"
                  color={fieldError?.field === 'image' ? 'error' : 'text.secondary'}
                  sx={{ mt: 1 }}
                >
                  {fieldError?.field === 'image'
                    ? fieldError.message
                    : file
                      ? file.name
                      : `JPEG, PNG or WebP, up to ${MAX_MB} MB`}
                </Typography>
              </Box>
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <SubmitButton loading={busy}>Save</SubmitButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
