import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { screeningImportBodySchema, type ScreeningImportResult } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatCount } from '../../shared/format';
import { useToast } from '../../shared/toast';
import { useImportScreening } from './api';

const RESULT_CHIPS = {
  added: { color: 'success', label: 'Added' },
  already_listed: { color: 'info', label: 'Listed already' },
  invalid: { color: 'error', label: 'Not imported' },
} as const;

/**
 * A CSV of `address,reason` lines (a file chosen or pasted): each line is
 * imported on its own, and the answer says, line by line, what became of it.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const importing = useImportScreening();
  const toast = useToast();
  const [csv, setCsv] = useState('');
  const [defaultReason, setDefaultReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<ScreeningImportResult | null>(null);

  const close = () => {
    setCsv('');
    setDefaultReason('');
    setProblem(null);
    setResult(null);
    onClose();
  };

  const choose = async (file: File | undefined) => {
    if (file) setCsv(await file.text());
  };

  const send = async () => {
    const parsed = screeningImportBodySchema.safeParse({ csv, defaultReason: defaultReason.trim() || undefined });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the file');
      return;
    }
    setProblem(null);
    try {
      const answer = await importing.mutateAsync(parsed.data);
      setResult(answer);
      toast.success(
        `Imported: ${formatCount(answer.added)} added, ${formatCount(answer.alreadyListed)} listed already, ${formatCount(answer.invalid)} not imported.`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={importing.isPending ? undefined : close}
      fullWidth
      maxWidth="md"
      aria-labelledby="screen-import"
    >
      <DialogTitle id="screen-import">Import addresses from a CSV</DialogTitle>
      <DialogContent>
        {result ? (
          <ImportResult result={result} />
        ) : (
          <Stack spacing={4}>
            <Typography variant="body2" color="text.secondary">
              One address per line, a comma, then the reason: <code>0xabc…,Reported phishing</code>. A first line
              <code> address,reason</code> is skipped, and so are blank lines and lines starting with #.
            </Typography>
            <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
              Choose a CSV file
              <input
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                hidden
                onChange={(event) => void choose(event.target.files?.[0])}
              />
            </Button>
            <TextField
              label="CSV"
              multiline
              minRows={6}
              value={csv}
              onChange={(event) => setCsv(event.target.value)}
              error={!!problem}
              helperText={problem ?? 'Chosen from a file, or pasted here.'}
              fullWidth
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
            />
            <TextField
              label="Reason for lines without one"
              value={defaultReason}
              onChange={(event) => setDefaultReason(event.target.value)}
              helperText="Optional. Without it, a line without a reason is not imported."
              fullWidth
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="secondary" onClick={close} disabled={importing.isPending}>
          {result ? 'Close' : 'Cancel'}
        </Button>
        {result ? null : (
          <Button variant="contained" onClick={() => void send()} disabled={importing.isPending}>
            Import
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** What became of each line: added, listed already, or not imported and why. */
function ImportResult({ result }: { result: ScreeningImportResult }) {
  return (
    <Box data-testid="screening-import-result">
      <Typography sx={{ mb: 3 }}>
        {`${formatCount(result.added)} added, ${formatCount(result.alreadyListed)} listed already, ${formatCount(result.invalid)} not imported.`}
      </Typography>
      <Stack component="ul" spacing={2} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {result.lines.map((line) => (
          <Box
            component="li"
            key={line.line}
            sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', wordBreak: 'break-all' }}
          >
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 64 }}>
              Line {line.line}
            </Typography>
            <StatusChip
              status={line.result}
              color={RESULT_CHIPS[line.result].color}
              label={RESULT_CHIPS[line.result].label}
            />
            {line.address ? <span style={{ fontFamily: 'monospace' }}>{line.address}</span> : null}
            {line.result === 'invalid' ? <Typography variant="body2">{line.message}</Typography> : null}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
