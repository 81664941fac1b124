import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RANK_KIND_LABELS, rankKinds, type Package, type Rank, type RankKind } from '@portal/contract';
import type { RankDraft } from '../rank-draft';
import type { RankEditor } from './useRankEditor';

interface Choices {
  /** The other ranks, for "sponsored members at rank". */
  others: Rank[];
  packages: Package[];
}

/** The dialog that adds or edits a rank; it stays open while saving and on a refusal. */
export function RankDialog({ editor, ranks, packages }: { editor: RankEditor; ranks: Rank[]; packages: Package[] }) {
  const { draft, saving, close } = editor;
  const others = ranks.filter((r) => r.id !== draft?.id);
  return (
    <Dialog open={!!draft} onClose={saving ? undefined : close} fullWidth maxWidth="sm">
      <DialogTitle>{draft?.id ? 'Edit rank' : 'Add rank'}</DialogTitle>
      <DialogContent>
        {draft && <RankFields editor={editor} draft={draft} others={others} packages={packages} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void editor.submit()} disabled={saving}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RankFields({ editor, draft, others, packages }: { editor: RankEditor; draft: RankDraft } & Choices) {
  const { fieldError, set, err } = editor;
  return (
    <Stack spacing={4} sx={{ mt: 2 }}>
      {fieldError && !fieldError.field && (
        <Typography color="error" variant="body2" role="alert">
          {fieldError.message}
        </Typography>
      )}
      <TextField label="Name" value={draft.name} onChange={(e) => set({ name: e.target.value })} {...err('name')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <TextField
          label="Colour"
          type="color"
          value={draft.colour}
          onChange={(e) => set({ colour: e.target.value })}
          sx={{ minWidth: 120 }}
          {...err('colour')}
        />
        <TextField
          select
          fullWidth
          label="Kind"
          value={draft.kind}
          onChange={(e) => set({ kind: e.target.value as RankKind })}
        >
          {rankKinds.map((k) => (
            <MenuItem key={k} value={k}>
              {RANK_KIND_LABELS[k]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <RequirementFields editor={editor} draft={draft} others={others} packages={packages} />
      <TextField
        label="One-time bonus (USDT)"
        value={draft.bonus}
        inputMode="decimal"
        onChange={(e) => set({ bonus: e.target.value })}
        {...err('bonus')}
      />
      <FormControlLabel
        control={<Switch checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />}
        label="Active (evaluated)"
      />
    </Stack>
  );
}

/** What a member needs to reach the rank; an empty field asks nothing. */
function RequirementFields({ editor, draft, others, packages }: { editor: RankEditor; draft: RankDraft } & Choices) {
  const { set, err } = editor;
  return (
    <>
      <Typography variant="subtitle2">Requirements (leave empty for none)</Typography>
      <TextField
        select
        label="Own package at least"
        value={draft.minPackageId}
        onChange={(e) => set({ minPackageId: e.target.value })}
        {...err('requirements.minPackageId')}
      >
        <MenuItem value="">Any package</MenuItem>
        {packages.map((p) => (
          <MenuItem key={p.id} value={String(p.id)}>
            {p.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Active members sponsored personally"
        value={draft.minSponsored}
        inputMode="numeric"
        onChange={(e) => set({ minSponsored: e.target.value })}
        {...err('requirements.minSponsored')}
      />
      <TextField
        label={draft.kind === 'lifetime' ? 'BV of the weaker leg (lifetime)' : 'BV matched this month (weaker leg)'}
        value={draft.minWeakerLegBv}
        inputMode="decimal"
        onChange={(e) => set({ minWeakerLegBv: e.target.value })}
        {...err('requirements.minWeakerLegBv')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <TextField
          select
          fullWidth
          label="Sponsored members at rank"
          value={draft.minRankedRank}
          onChange={(e) => set({ minRankedRank: e.target.value })}
          {...err('requirements.minRanked')}
        >
          <MenuItem value="">Not asked</MenuItem>
          {others.map((r) => (
            <MenuItem key={r.id} value={String(r.id)}>
              {r.name} or above
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="How many"
          value={draft.minRankedCount}
          inputMode="numeric"
          disabled={draft.minRankedRank === ''}
          onChange={(e) => set({ minRankedCount: e.target.value })}
        />
      </Stack>
    </>
  );
}
