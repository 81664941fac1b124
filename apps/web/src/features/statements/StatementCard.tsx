import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { endpoints, statementFilename } from '@portal/contract';
import { pathOf } from '../../shared/api/client';
import { errorMessage } from '../../shared/api/errors';
import { downloadFile } from '../../shared/download';
import { formatMonth } from '../../shared/format';
import { useSession } from '../../shared/session/useSession';
import { useToast } from '../../shared/toast';
import { defaultMonth, statementMonths } from './months';

/**
 * "Monthly statement": a month since the member joined and a Download
 * button that saves the PDF the API writes (apps/api/src/statements/). The
 * file is the feedback; a refusal or a failure is a toast.
 */
export function StatementCard() {
  const { user } = useSession();
  const toast = useToast();
  const months = useMemo(() => statementMonths(user?.createdAt ?? new Date().toISOString(), new Date()), [user]);
  const [month, setMonth] = useState(() => defaultMonth(months));
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        pathOf(endpoints.statements.monthly.path, { month }),
        'application/pdf',
        statementFilename(user?.username ?? 'member', month),
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader
        title="Monthly statement"
        subheader="A PDF of one month (UTC): each wallet's opening and closing balance, your income by day and kind, and your matching days."
      />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4} sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}>
          <TextField
            select
            size="small"
            label="Month"
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            sx={{ minWidth: { sm: 220 } }}
          >
            {months.map((m) => (
              <MenuItem key={m} value={m}>
                {formatMonth(m)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void download()}
            disabled={busy}
          >
            {busy ? 'Preparing…' : 'Download PDF'}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
