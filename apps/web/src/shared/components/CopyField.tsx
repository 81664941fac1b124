import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import { useToast } from '../toast';

/** A read-only link with a copy button (the referral link page, the dashboard): one toast says it was copied, or why not. */
export function CopyField({
  label,
  value,
  help,
  testId,
}: {
  label: string;
  value: string;
  help?: string;
  testId?: string;
}) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied.`);
    } catch {
      toast.error('Copying is not allowed here: select the link and copy it by hand.');
    }
  };
  return (
    <TextField
      label={label}
      value={value}
      helperText={help}
      fullWidth
      slotProps={{
        input: {
          readOnly: true,
          startAdornment: (
            <InputAdornment position="start">
              <LinkOutlined fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title="Copy">
                <IconButton aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy()} edge="end">
                  <ContentCopyOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
        htmlInput: testId ? { 'data-testid': testId } : undefined,
      }}
    />
  );
}
