import { useState } from 'react';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { Endpoint } from '@portal/contract';
import { errorMessage } from '../api/errors';
import type { QueryValue } from '../api/client';
import { csvName, downloadCsv } from '../download';
import { useToast } from '../toast';

/** "Export CSV" of an admin list: the whole list under the current filters, as the API writes it. */
export function CsvExportButton({
  list,
  name,
  query,
  label = 'Export CSV',
}: {
  list: Endpoint;
  name: string;
  query: Record<string, QueryValue>;
  /** The button's words where a page offers more than one file. */
  label?: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadCsv(list, query, csvName(name));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => void run()} disabled={busy}>
      {label}
    </Button>
  );
}
