import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ChangeReview } from '../../shared/components/ChangeReview';
import type { PackageDraft, PackageEditor } from './usePackageEditor';

/** The dialog that adds or edits a package: its fields, then the review of the changes before Save. */
export function PackageDialog({ editor }: { editor: PackageEditor }) {
  const { draft, reviewing, saving } = editor;
  return (
    <Dialog open={!!draft} onClose={saving ? undefined : editor.close} fullWidth maxWidth="xs">
      <DialogTitle>{reviewing ? 'Review the changes' : draft?.id ? 'Edit package' : 'Add package'}</DialogTitle>
      <DialogContent>
        {draft && reviewing && <ChangeReview changes={editor.changes} />}
        {draft && !reviewing && <PackageFields editor={editor} draft={draft} />}
      </DialogContent>
      <DialogActions>
        {reviewing ? (
          <>
            <Button onClick={editor.back} disabled={saving}>
              Back
            </Button>
            <Button variant="contained" onClick={() => void editor.submit()} disabled={saving}>
              Save
            </Button>
          </>
        ) : (
          <>
            <Button onClick={editor.close} disabled={saving}>
              Cancel
            </Button>
            <Button variant="contained" onClick={editor.review}>
              Review
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function PackageFields({ editor, draft }: { editor: PackageEditor; draft: PackageDraft }) {
  const { setDraft, err } = editor;
  return (
    <Stack spacing={4} sx={{ mt: 2 }}>
      <TextField
        label="Name"
        value={draft.name}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        {...err('name')}
      />
      <TextField
        label="Price (USDT)"
        value={draft.price}
        inputMode="decimal"
        onChange={(e) => setDraft({ ...draft, price: e.target.value })}
        {...err('price')}
      />
      <TextField
        label="Business volume (BV)"
        value={draft.bv}
        inputMode="decimal"
        onChange={(e) => setDraft({ ...draft, bv: e.target.value })}
        {...err('bv')}
      />
      <TextField
        label="Daily matching cap (USDT)"
        value={draft.dailyCap}
        inputMode="decimal"
        onChange={(e) => setDraft({ ...draft, dailyCap: e.target.value })}
        {...err('dailyCap')}
      />
      <FormControlLabel
        control={<Switch checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.target.checked })} />}
        label="On sale"
      />
    </Stack>
  );
}
