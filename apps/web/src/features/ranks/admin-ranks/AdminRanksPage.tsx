import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { isSessionEnded } from '../../../shared/api/errors';
import { DataTable } from '../../../shared/components/DataTable';
import { useAdminPackages } from '../../packages/api';
import { useAdminRanks } from '../api';
import { EMPTY_DRAFT } from '../rank-draft';
import { EvaluateRanksButton } from './EvaluateRanksButton';
import { RankDialog } from './RankDialog';
import { useRankColumns } from './useRankColumns';
import { useRankEditor } from './useRankEditor';

/**
 * /admin/ranks: the rank ladder. Add, edit, move up or down, deactivate
 * (each audited by the API; changes apply to later evaluations), and
 * evaluate ranks now (confirmed: it may credit bonuses).
 */
export function AdminRanksPage() {
  const ranks = useAdminRanks();
  const packages = useAdminPackages();
  const editor = useRankEditor();
  const items = ranks.data?.items ?? [];
  const packageItems = packages.data?.items ?? [];
  const columns = useRankColumns(items, packageItems, editor.open);

  return (
    <Card>
      <CardHeader
        title="Ranks"
        subheader="Lowest first. Checked at every daily close; each first achievement pays its bonus once. Changes apply to later evaluations; ranks reached stay."
        sx={{ flexWrap: 'wrap', gap: 2 }}
        action={
          <Stack direction="row" spacing={2}>
            <EvaluateRanksButton disabled={items.length === 0} />
            <Button variant="contained" onClick={() => editor.open(EMPTY_DRAFT)}>
              Add rank
            </Button>
          </Stack>
        }
      />
      <DataTable
        label="Ranks"
        columns={columns}
        rows={ranks.data?.items}
        total={ranks.data?.items.length}
        rowKey={(r) => r.id}
        page={1}
        pageSize={100}
        onPage={() => undefined}
        onPageSize={() => undefined}
        hidePagination
        loading={ranks.isPending}
        error={ranks.isError && !isSessionEnded(ranks.error) ? ranks.error : undefined}
        onRetry={() => void ranks.refetch()}
        empty="No ranks yet: add the first one."
      />
      <RankDialog editor={editor} ranks={items} packages={packageItems} />
    </Card>
  );
}
