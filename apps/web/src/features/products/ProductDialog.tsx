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
import { MAX_PRODUCT_IMAGE_BYTES, PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, type Product } from '@portal/contract';
import { errorMessage, isApiError } from '../../shared/api/errors';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { useToast } from '../../shared/toast';
import { useSaveProduct, useUploadProductImage } from './api';

export type ProductDraft = {
  id?: number;
  name: string;
  description: string;
  price: string;
  stock: string;
  active: boolean;
  imageUrl: string | null;
};
export const EMPTY_PRODUCT: ProductDraft = {
  name: '',
  description: '',
  price: '',
  stock: '',
  active: true,
  imageUrl: null,
};
const MAX_MB = MAX_PRODUCT_IMAGE_BYTES / (1024 * 1024);

/** Adds or edits a product: saved first, then its picture uploaded, so a failed upload leaves the product saved. */
export function ProductDialog({ draft: initial, onClose }: { draft: ProductDraft; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveProduct();
  const upload = useUploadProductImage();
  const [draft, setDraft] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<{ field?: string; message: string } | null>(null);
  const busy = save.isPending || upload.isPending;

  const preview = usePreview(file);

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
            <ProductFields draft={draft} onChange={setDraft} err={err} />
            <PicturePicker
              shown={shown}
              file={file}
              busy={busy}
              error={fieldError?.field === 'image' ? fieldError.message : undefined}
              onChoose={choose}
            />
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

/** The product's own fields; a value the API refused shows its message beside it (`err`). */
function ProductFields({
  draft,
  onChange,
  err,
}: {
  draft: ProductDraft;
  onChange: (draft: ProductDraft) => void;
  err: (field: string) => { error?: boolean; helperText?: string };
}) {
  return (
    <>
      <TextField
        label="Name"
        value={draft.name}
        required
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
        {...err('name')}
        slotProps={{ htmlInput: { maxLength: PRODUCT_NAME_MAX } }}
      />
      <TextField
        label="Description"
        value={draft.description}
        multiline
        minRows={2}
        onChange={(e) => onChange({ ...draft, description: e.target.value })}
        {...err('description')}
        slotProps={{ htmlInput: { maxLength: PRODUCT_DESCRIPTION_MAX } }}
      />
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Price (points)"
          value={draft.price}
          required
          onChange={(e) => onChange({ ...draft, price: e.target.value })}
          {...err('price')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          label="Stock"
          value={draft.stock}
          required
          onChange={(e) => onChange({ ...draft, stock: e.target.value })}
          {...err('stock')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
      <FormControlLabel
        control={<Switch checked={draft.active} onChange={(e) => onChange({ ...draft, active: e.target.checked })} />}
        label="Offered to members"
      />
    </>
  );
}

/** The picture as it will be (the chosen file's preview, else the saved one), and the button that chooses a file. */
function PicturePicker({
  shown,
  file,
  busy,
  error,
  onChoose,
}: {
  shown: string | null;
  file: File | null;
  busy: boolean;
  error: string | undefined;
  onChoose: (file: File | undefined) => void;
}) {
  return (
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
            onChange={(e) => onChoose(e.target.files?.[0])}
          />
        </Button>
        <Typography variant="body2" color={error !== undefined ? 'error' : 'text.secondary'} sx={{ mt: 1 }}>
          {error !== undefined ? error : file ? file.name : `JPEG, PNG or WebP, up to ${MAX_MB} MB`}
        </Typography>
      </Box>
    </Box>
  );
}

/** A URL for the chosen file while it is chosen, released when it changes or the dialog closes. */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview;
}
