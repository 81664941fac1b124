import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronRightOutlined from '@mui/icons-material/ChevronRightOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import { useQueryClient } from '@tanstack/react-query';
import type { SponsorNode, SponsorTree } from '@portal/contract';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { SearchField } from '../../shared/components/ListFilters';
import { StatusChip } from '../../shared/components/StatusChip';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { formatCount, formatDate, initialsOf } from '../../shared/format';
import { plural } from '../../shared/words';
import { useToast } from '../../shared/toast';
import { fetchSponsorTree, networkKeys, useSponsorTree } from './api';
import { useTreeRoot } from './useTreeLocation';
import { TreeMoves } from './TreeMoves';

/** Children loaded so far for each opened member, and where the next page starts. */
interface Branch {
  children: SponsorNode[];
  moreAfter: number | null;
}

/**
 * The members opened so far below the root: each one's referrals, loaded a page at a time when it is first
 * opened (or asked for more), kept while it is folded, and forgotten when the tree shows another root.
 */
function useSponsorBranches(rootId: number | undefined) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [branches, setBranches] = useState<Map<number, Branch>>(new Map());
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [loading, setLoading] = useState<Set<number>>(new Set());

  // A new root starts a new view.
  useEffect(() => {
    setBranches(new Map());
    setOpen(new Set());
  }, [rootId]);

  const load = async (id: number, after?: number, shown: SponsorNode[] = []) => {
    setLoading((s) => new Set(s).add(id));
    try {
      const query = { root: id, depth: 1, ...(after ? { after } : {}) };
      const answer = await queryClient.fetchQuery({
        queryKey: networkKeys.sponsorTree(query),
        queryFn: ({ signal }) => fetchSponsorTree(query, signal),
      });
      setBranches((current) => {
        const next = new Map(current);
        const earlier = after ? (current.get(id)?.children ?? shown) : [];
        next.set(id, { children: [...earlier, ...answer.nodes], moreAfter: answer.root.moreAfter });
        return next;
      });
      setOpen((s) => new Set(s).add(id));
    } catch (error) {
      if (!isSessionEnded(error)) toast.error(errorMessage(error, 'The referrals could not be loaded.'));
    } finally {
      setLoading((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  };

  const toggle = (node: SponsorNode) => {
    if (open.has(node.id)) {
      setOpen((s) => {
        const next = new Set(s);
        next.delete(node.id);
        return next;
      });
    } else if (branches.has(node.id)) {
      setOpen((s) => new Set(s).add(node.id));
    } else {
      void load(node.id);
    }
  };

  return { branches, open, loading, load, toggle };
}

/**
 * /sponsor-tree ("Sponsor Network"): who referred whom, from the viewer (or
 * a member found by username) down. Members open on demand, a page of
 * referrals at a time: nothing is loaded that is not shown.
 */
export function SponsorTreePage() {
  const [root, setRoot] = useTreeRoot();
  const tree = useSponsorTree({ root, depth: 1 });
  const { branches, open, loading, load, toggle } = useSponsorBranches(tree.data?.root.id);

  if (tree.isError && isSessionEnded(tree.error)) return null;

  const rootBranch = (data: SponsorTree): Branch =>
    branches.get(data.root.id) ?? { children: data.nodes, moreAfter: data.root.moreAfter };

  const renderNode = (node: SponsorNode, depth: number, isRoot = false) => {
    const branch = isRoot && tree.data ? rootBranch(tree.data) : branches.get(node.id);
    const expanded = isRoot || open.has(node.id);
    return (
      <Box key={node.id} component="li" sx={{ listStyle: 'none' }}>
        <NodeRow
          node={node}
          depth={depth}
          expanded={expanded}
          busy={loading.has(node.id)}
          onToggle={isRoot ? undefined : () => toggle(node)}
          onFocus={isRoot ? undefined : () => setRoot(node.id)}
        />
        {expanded && branch && branch.children.length > 0 && (
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {branch.children.map((child) => renderNode(child, depth + 1))}
            {branch.moreAfter !== null && (
              <Box
                component="li"
                sx={{ listStyle: 'none', pl: { xs: 2 + (depth + 1) * 3, sm: 2 + (depth + 1) * 6 }, py: 1 }}
              >
                <Button
                  size="small"
                  disabled={loading.has(node.id)}
                  onClick={() => void load(node.id, branch.moreAfter!, branch.children)}
                >
                  Show more referrals of {node.username}
                </Button>
              </Box>
            )}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Stack spacing={6}>
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
          <TreeMoves
            atStart={root === undefined}
            upId={tree.data?.upId}
            onStart={() => setRoot(undefined)}
            onUp={setRoot}
          />
          <UsernameSearch onPick={(id) => setRoot(id)} />
        </CardContent>
      </Card>

      <Card>
        <CardContent>
          {tree.isError ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => setRoot(undefined)}>
                  Back to me
                </Button>
              }
            >
              {errorMessage(tree.error, 'The sponsor network could not be loaded.')}
            </Alert>
          ) : tree.data ? (
            <>
              <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Sponsor network" data-testid="sponsor-tree">
                {renderNode(tree.data.root, 0, true)}
              </Box>
              {tree.data.nodes.length === 0 && (
                <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                  No referrals yet. Share your referral link: whoever joins with it appears here.
                </Typography>
              )}
            </>
          ) : (
            <Stack spacing={2}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={56} />
              ))}
            </Stack>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}

function NodeRow(props: {
  node: SponsorNode;
  depth: number;
  expanded: boolean;
  busy: boolean;
  onToggle?: () => void;
  onFocus?: () => void;
}) {
  const { node, depth, expanded, busy } = props;
  const canOpen = node.directCount > 0;
  return (
    <Box
      data-testid={`sponsor-node-${node.username}`}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        py: 1.5,
        pr: 2,
        pl: { xs: depth * 3, sm: depth * 6 },
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ width: 34, flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
        {busy ? (
          <CircularProgress size={18} />
        ) : props.onToggle && canOpen ? (
          <IconButton
            size="small"
            aria-label={`${expanded ? 'Close' : 'Open'} the referrals of ${node.username}`}
            aria-expanded={expanded}
            onClick={props.onToggle}
          >
            {expanded ? <ExpandMoreOutlined fontSize="small" /> : <ChevronRightOutlined fontSize="small" />}
          </IconButton>
        ) : null}
      </Box>
      <TonalAvatar
        sx={{ width: 34, height: 34, fontSize: '0.8rem', flexShrink: 0 }}
        color={node.placed ? 'primary' : 'warning'}
      >
        {initialsOf(node.fullName)}
      </TonalAvatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {node.username}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {node.fullName}
          </Typography>
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mt: 0.5 }}>
          <StatusChip
            status="level"
            color="secondary"
            label={
              node.level > 0 ? `Level ${formatCount(node.level)}` : node.parentId === null ? 'Company root' : 'You'
            }
          />
          <StatusChip status="refs" color="primary" label={plural(node.directCount, 'referral')} />
          {!node.placed && <StatusChip status="pending" label="Waiting for placement" />}
          <Typography variant="caption" color="text.secondary">
            {node.package ?? 'No package'} · joined {formatDate(node.joinedAt)}
          </Typography>
        </Box>
      </Box>
      {props.onFocus && (
        <Tooltip title="Show the network from here">
          <IconButton size="small" aria-label={`Show the network from ${node.username}`} onClick={props.onFocus}>
            <OpenInNewOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

/** Usernames starting with the text, anywhere in the viewer's sponsor network. */
function UsernameSearch({ onPick }: { onPick: (id: number) => void }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [term, setTerm] = useState('');
  const found = useSponsorTree({ search: term, depth: 1, limit: 1 }, term.length > 0);
  const matches = term && found.data ? found.data.matches : [];

  return (
    <Box ref={anchor} sx={{ position: 'relative', display: 'grid', flex: '1 1 260px', minWidth: 0 }}>
      {/* The shared search field: applies what was typed after a pause, like every list's search. */}
      <SearchField
        label="Find a member by username"
        value={term}
        onChange={(value) => setTerm(value.replace(/[^A-Za-z0-9_.-]/g, ''))}
        testId="sponsor-search"
        maxLength={32}
      />
      {/* In a popper above the page, so the card around the field never clips the suggestions. */}
      <Popper
        open={!!(term && found.data)}
        anchorEl={anchor.current}
        placement="bottom-start"
        sx={(theme) => ({ zIndex: theme.zIndex.modal, width: anchor.current?.clientWidth })}
      >
        {term && found.data && (
          <Paper elevation={6} sx={{ mt: 1, maxHeight: 320, overflowY: 'auto' }}>
            {matches.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ p: 3 }}>
                Nobody in your sponsor network has a username starting with “{term}”.
              </Typography>
            ) : (
              <List dense aria-label="Members found">
                {matches.map((match) => (
                  <ListItemButton
                    key={match.id}
                    onClick={() => {
                      onPick(match.id);
                      setTerm('');
                    }}
                  >
                    <ListItemText
                      primary={match.username}
                      secondary={`${match.fullName} · level ${formatCount(match.level)}`}
                    />
                  </ListItemButton>
                ))}
              </List>
            )}
            {found.data.searchTruncated && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 3, pb: 2 }}>
                Many usernames start with “{term}”: type more of it to narrow the search.
              </Typography>
            )}
          </Paper>
        )}
      </Popper>
    </Box>
  );
}
