import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useSearchParams } from 'react-router';
import type { PlacementNode } from '@portal/contract';
import { errorMessage, isApiError, isSessionEnded } from '../../shared/api/errors';
import { FactList, type Fact } from '../../shared/components/FactList';
import { TermHelp } from '../../shared/components/TermHelp';
import { useSession } from '../../shared/session/useSession';
import { formatBV, formatCount, formatDate } from '../../shared/format';
import { plural } from '../../shared/words';
import { usePlacementTree, useViewerPlaced } from './api';
import { BinaryTree } from './BinaryTree';
import { useTreeRoot } from './useTreeLocation';
import { TreeMoves } from './TreeMoves';

/**
 * /member-network: the binary placement tree drawn a few levels at a time.
 * Click a member to look from there; "Back to me" and "Up one level" move
 * the view; every member shows its package and left/right teams and volumes.
 */
export function MemberNetworkPage() {
  const [root, setRoot] = useTreeRoot();
  const [params, setParams] = useSearchParams();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const depthParam = Number(params.get('depth'));
  const depth = [1, 2, 3, 4].includes(depthParam) ? depthParam : narrow ? 2 : 3;
  const { placed } = useViewerPlaced();
  const tree = usePlacementTree(root, depth, placed === true);

  const setDepth = (value: number) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('depth', String(value));
      return copy;
    });

  if (tree.isError && isSessionEnded(tree.error)) return null;
  const code = isApiError(tree.error) ? tree.error.code : undefined;

  return (
    <Stack spacing={6}>
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
          <TreeMoves
            atStart={root === undefined}
            upId={tree.isPlaceholderData ? undefined : tree.data?.upId}
            onStart={() => setRoot(undefined)}
            onUp={setRoot}
          />
          <TextField
            select
            size="small"
            label="Levels shown"
            value={depth}
            onChange={(e) => setDepth(Number(e.target.value))}
            sx={{ minWidth: 140 }}
          >
            {[1, 2, 3, 4].map((d) => (
              <MenuItem key={d} value={d}>
                {d} below
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 220px' }}>
            Click a member to see the tree from there. The teams count the members placed <TermHelp id="placed" />{' '}
            below; only an active <TermHelp id="active" /> member is matched on the BV <TermHelp id="bv" /> of their
            legs.
          </Typography>
        </CardContent>
      </Card>

      {placed === false ? (
        <Alert severity="info" data-testid="not-placed">
          You have not been placed in the binary tree yet. Your sponsor will place you; your team appears here then.{' '}
          <TermHelp id="placed" />
        </Alert>
      ) : tree.isError ? (
        <Alert
          severity={code === 'NOT_PLACED' ? 'info' : 'error'}
          action={
            code === 'NOT_IN_NETWORK' ? (
              <Button color="inherit" size="small" onClick={() => setRoot(undefined)}>
                Back to me
              </Button>
            ) : code === 'NOT_PLACED' ? undefined : (
              <Button color="inherit" size="small" onClick={() => void tree.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {code === 'NOT_PLACED'
            ? 'You have not been placed in the binary tree yet. Your sponsor will place you; your team appears here then.'
            : errorMessage(tree.error, 'The tree could not be loaded.')}
        </Alert>
      ) : (
        <>
          {tree.data ? <RootSummary node={tree.data.root} /> : <Skeleton variant="rounded" height={120} />}
          <Card>
            {tree.isFetching && <LinearProgress />}
            <CardContent>
              {tree.data ? (
                <BinaryTree tree={tree.data} onOpen={(node) => node.id !== tree.data.root.id && setRoot(node.id)} />
              ) : (
                <Skeleton variant="rounded" height={320} />
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Stack>
  );
}

function RootSummary({ node }: { node: PlacementNode }) {
  const { isAdmin } = useSession();
  const where = isAdmin
    ? node.level === 0
      ? 'The top of the company tree'
      : `Level ${formatCount(node.level)} of the company tree`
    : node.level === 0
      ? 'You'
      : `${plural(node.level, 'level')} below you`;
  const facts: Fact[] = [
    ['Left team', formatCount(node.leftCount)],
    ['Right team', formatCount(node.rightCount)],
    ['Left BV', formatBV(node.leftVolume)],
    ['Right BV', formatBV(node.rightVolume)],
    ['Package', node.package ?? 'None yet'],
    ['Sponsor', node.sponsor ?? '—'],
    ['Joined', formatDate(node.joinedAt)],
  ];
  return (
    <Card data-testid="tree-root-summary">
      <CardContent>
        <Typography variant="h5" component="h2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {node.username}{' '}
          <Typography component="span" color="text.secondary">
            · {node.fullName}
          </Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
          {where}
          {node.side ? ` · on the ${node.side} of its parent` : ''}
        </Typography>
        <FactList facts={facts} columns={{ xs: 2, sm: 4, lg: 7 }} sx={{ gap: 4 }} />
      </CardContent>
    </Card>
  );
}
