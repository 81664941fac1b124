import Button from '@mui/material/Button';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';

/**
 * The two moves of every tree view (the placement and sponsor trees, the
 * position picker): back to where the view starts, and up one level from
 * the member in view. `upId` is the tree's answer's; no parent, or `atStart`,
 * disables them.
 */
export function TreeMoves(props: {
  atStart: boolean;
  upId: number | null | undefined;
  onStart: () => void;
  onUp: (id: number) => void;
  startLabel?: string;
  size?: 'small' | 'medium';
}) {
  const { atStart, upId, onStart, onUp, startLabel = 'Back to me', size } = props;
  return (
    <>
      <Button size={size} variant="outlined" startIcon={<MyLocationOutlined />} disabled={atStart} onClick={onStart}>
        {startLabel}
      </Button>
      <Button
        size={size}
        variant="outlined"
        startIcon={<ArrowUpwardOutlined />}
        disabled={!upId}
        onClick={() => upId && onUp(upId)}
      >
        Up one level
      </Button>
    </>
  );
}
