import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { errorMessage, isApiError } from '../../shared/api/errors';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';
import { plural } from '../../shared/words';
import { useToast } from '../../shared/toast';
import { useAddressActions, useWithdrawalAddresses } from './api';

/** Account settings → Security: the saved (whitelisted) withdrawal addresses and their hold. */
export function AddressesCard() {
  const toast = useToast();
  const addresses = useWithdrawalAddresses();
  const { add, remove } = useAddressActions();
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Admins without a network membership have no withdrawals.
  if (addresses.isError && isApiError(addresses.error) && addresses.error.status === 403) return null;

  const save = async () => {
    setError(null);
    try {
      const saved = await add.mutateAsync({ address: address.trim(), label: label.trim() || undefined });
      setAddress('');
      setLabel('');
      toast.success(
        saved.usable
          ? 'Address saved: you can withdraw to it now.'
          : `Address saved: usable from ${formatDateTime(saved.usableFrom)}. We sent you a mail.`,
      );
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const hold = addresses.data?.holdHours ?? 24;

  return (
    <Box component="section" aria-labelledby="addresses-title" data-testid="withdrawal-addresses">
      <Typography variant="h6" component="h2" id="addresses-title" sx={{ mb: 2 }}>
        Withdrawal addresses
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Withdrawals go only to addresses saved here (BEP20, BNB Smart Chain).{' '}
        {hold > 0
          ? `For your safety a new address can be used ${plural(hold, 'hour')} after it is saved, and you are told by mail.`
          : 'A new address can be used at once.'}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 4 }} role="alert">
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mb: 4 }}>
        <TextField
          label="Address"
          placeholder="0x…"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          sx={{ flex: 2 }}
          slotProps={{ htmlInput: { 'data-testid': 'new-address' } }}
        />
        <TextField label="Label (optional)" value={label} onChange={(e) => setLabel(e.target.value)} sx={{ flex: 1 }} />
        <Button variant="contained" onClick={() => void save()} disabled={add.isPending || !address.trim()}>
          Save address
        </Button>
      </Stack>
      {addresses.data && addresses.data.items.length === 0 && (
        <Typography color="text.secondary">No address saved yet.</Typography>
      )}
      <List dense>
        {addresses.data?.items.map((item) => (
          <ListItem
            key={item.id}
            divider
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={`Remove ${item.address}`}
                onClick={() => void remove.mutateAsync(item.id).catch((failure) => toast.error(errorMessage(failure)))}
              >
                <DeleteOutlined />
              </IconButton>
            }
          >
            <ListItemText
              primary={<span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{item.address}</span>}
              secondary={
                <>
                  {item.label ? `${item.label} · ` : ''}
                  {item.usable ? 'Usable' : `Usable from ${formatDateTime(item.usableFrom)}`}
                </>
              }
            />
            <StatusChip
              status={item.usable ? 'approved' : 'pending'}
              label={item.usable ? 'Ready' : 'On hold'}
              sx={{ mr: 6 }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
