import { Fragment, useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import type { PlacementNode, PlacementTree, Side } from '@portal/contract';
import { formatBV, formatCount } from '../../shared/format';
import { RankText } from '../ranks/RankChip';

type Slot = { kind: 'node'; node: PlacementNode } | { kind: 'empty'; parent: PlacementNode; side: Side };

export interface BinaryTreeProps {
  tree: PlacementTree;
  /** Clicking a member: usually shows the tree from there. */
  onOpen?: (node: PlacementNode) => void;
  /** Placement mode: free positions become buttons. */
  onChooseSlot?: (parent: PlacementNode, side: Side) => void;
}

const CELL = 120; // px, at least, per position on the bottom level
const CARD = { width: 'calc(100% - 8px)', maxWidth: 140 };
const GAP = 12; // px of each connector segment

const line = (theme: Theme) => `1px solid ${theme.palette.divider}`;

/**
 * The binary placement tree, drawn a few levels at a time: every position
 * down to the answer's depth, free positions shown as such. Scrolls sideways
 * when the screen is narrower than the bottom level.
 */
export function BinaryTree({ tree, onOpen, onChooseSlot }: BinaryTreeProps) {
  // On a narrow screen the tree is wider than the view: start with its top in the middle.
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box) box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  }, [tree.root.id, tree.depth]);
  const children = new Map<string, PlacementNode>();
  for (const node of tree.nodes) children.set(`${node.parentId}:${node.side}`, node);
  const childOf = (node: PlacementNode, side: Side) => children.get(`${node.id}:${side}`);

  // A plain recursive render (not a component defined in a component, which would remount each time).
  function subtree(slot: Slot, levelsLeft: number, key?: string) {
    const expand = levelsLeft > 0 && slot.kind === 'node';
    return (
      <Box
        key={key}
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flex: '1 1 0', minWidth: 0 }}
      >
        {slot.kind === 'node' ? (
          <NodeCard node={slot.node} onOpen={onOpen} bottom={!expand} />
        ) : (
          <EmptySlot parent={slot.parent} side={slot.side} onChoose={onChooseSlot} />
        )}
        {expand && (
          <Box
            sx={(theme) => ({
              display: 'flex',
              width: '100%',
              position: 'relative',
              pt: `${GAP}px`,
              // Down from the card, then across to the two children.
              '&::before': {
                content: '""',
                position: 'absolute',
                top: 0,
                left: '50%',
                height: GAP,
                borderLeft: line(theme),
              },
              '&::after': {
                content: '""',
                position: 'absolute',
                top: GAP,
                left: '25%',
                right: '25%',
                borderTop: line(theme),
              },
            })}
          >
            {(['left', 'right'] as const).map((side) => {
              const child = childOf(slot.node, side);
              return (
                <Box
                  key={side}
                  sx={(theme) => ({
                    flex: '1 1 0',
                    minWidth: 0,
                    display: 'flex',
                    position: 'relative',
                    pt: `${GAP}px`,
                    '&::before': {
                      content: '""',
                      position: 'absolute',
                      top: GAP,
                      left: '50%',
                      height: GAP,
                      borderLeft: line(theme),
                    },
                  })}
                >
                  {subtree(
                    child ? { kind: 'node', node: child } : { kind: 'empty', parent: slot.node, side },
                    levelsLeft - 1,
                  )}
                </Box>
              );
            })}
          </Box>
        )}
      </Box>
    );
  }

  return (
    <Box ref={scroller} sx={{ overflowX: 'auto', pb: 2 }} data-testid="binary-tree">
      <Box sx={{ minWidth: CELL * 2 ** tree.depth, display: 'flex', pt: 1 }}>
        {subtree({ kind: 'node', node: tree.root }, tree.depth)}
      </Box>
    </Box>
  );
}

function NodeCard({
  node,
  onOpen,
  bottom,
}: {
  node: PlacementNode;
  onOpen?: (node: PlacementNode) => void;
  bottom: boolean;
}) {
  const more = bottom && (node.hasLeft || node.hasRight);
  return (
    <ButtonBase
      onClick={onOpen ? () => onOpen(node) : undefined}
      disabled={!onOpen}
      data-testid={`tree-node-${node.username}`}
      sx={(theme) => ({
        ...CARD,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        p: 2,
        borderRadius: 1.5,
        border: `1px solid ${theme.palette.divider}`,
        bgcolor: 'background.paper',
        boxShadow: `0 2px 6px ${alpha(theme.palette.common.black, 0.08)}`,
        textAlign: 'center',
        '&:hover': { borderColor: 'primary.main' },
        '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}` },
        '&.Mui-disabled': { pointerEvents: 'none' },
      })}
    >
      {/* The card reads as its text: username, package, then each figure with its name. */}
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {node.username}
      </Typography>
      <Typography variant="caption" color={node.package ? 'success.main' : 'text.secondary'}>
        {node.package ?? 'No package'}
      </Typography>
      {node.rank && <RankText rank={node.rank} />}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto auto', width: '100%', columnGap: 1, m: 0, textAlign: 'left' }}
      >
        {(
          [
            ['Left team', formatCount(node.leftCount), 'left-count'],
            ['Right team', formatCount(node.rightCount), 'right-count'],
            ['Left BV', formatBV(node.leftVolume), 'left-volume'],
            ['Right BV', formatBV(node.rightVolume), 'right-volume'],
          ] as const
        ).map(([name, value, testId]) => (
          <Fragment key={name}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {name}
            </Typography>
            <Typography
              component="dd"
              variant="caption"
              sx={{ fontWeight: 600, m: 0, textAlign: 'right' }}
              data-testid={testId}
            >
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      {more && <KeyboardArrowDownOutlined fontSize="small" color="primary" titleAccess="More members below" />}
    </ButtonBase>
  );
}

function EmptySlot({
  parent,
  side,
  onChoose,
}: {
  parent: PlacementNode;
  side: Side;
  onChoose?: (parent: PlacementNode, side: Side) => void;
}) {
  // Named by its visible text (axe label-content-name-mismatch): "Place here, free right position under x".
  const label = `free ${side} position under ${parent.username}`;
  return (
    <ButtonBase
      disabled={!onChoose}
      onClick={onChoose ? () => onChoose(parent, side) : undefined}
      data-testid={`slot-${parent.username}-${side}`}
      sx={(theme) => ({
        ...CARD,
        minHeight: 72,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        p: 2,
        borderRadius: 1.5,
        border: `1px dashed ${onChoose ? theme.palette.primary.main : theme.palette.divider}`,
        color: onChoose ? 'primary.main' : 'text.disabled',
        bgcolor: onChoose ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
        '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.12) },
        '&.Mui-disabled': { color: 'text.disabled' },
      })}
    >
      {onChoose && <AddOutlined fontSize="small" />}
      <Typography variant="caption" sx={{ fontWeight: 500 }}>
        {onChoose ? 'Place here,' : 'Empty,'}
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {label}
      </Typography>
    </ButtonBase>
  );
}
