import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import KeyboardArrowLeftOutlined from '@mui/icons-material/KeyboardArrowLeftOutlined';
import KeyboardArrowRightOutlined from '@mui/icons-material/KeyboardArrowRightOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { Side, WaitingMember } from '@portal/contract';
import type { Column } from '../../../shared/components/DataTable';
import { StatusChip } from '../../../shared/components/StatusChip';
import { formatDate } from '../../../shared/format';

interface PlaceActions {
  /** Opens the tree to choose a free position. */
  onChoose: (member: WaitingMember) => void;
  /** Asks to confirm the first free position at the bottom of a leg. */
  onBottom: (member: WaitingMember, side: Side) => void;
}

/** The waiting list's columns: who waits, since when, (for an admin) under which sponsor, and the ways to place them. */
export function placementColumns(isAdmin: boolean, { onChoose, onBottom }: PlaceActions): Column<WaitingMember>[] {
  return [
    {
      id: 'member',
      label: 'Member',
      render: (member) => (
        <Box sx={{ minWidth: 140 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {member.username}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {member.fullName}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'joined',
      label: 'Joined',
      secondary: true,
      render: (member) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(member.joinedAt)}</span>,
    },
    ...(isAdmin
      ? [
          {
            id: 'sponsor',
            label: 'Sponsor',
            render: (member: WaitingMember) => (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <span>{member.sponsor}</span>
                {!member.sponsorPlaced && <StatusChip status="pending" label="Sponsor not placed yet" />}
              </Stack>
            ),
          },
        ]
      : []),
    {
      id: 'asked',
      label: 'Asked for',
      secondary: true,
      render: (member) =>
        member.requestedSide ? (
          <StatusChip status="side" color="info" label={`The ${member.requestedSide} leg`} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            No leg
          </Typography>
        ),
    },
    {
      id: 'place',
      label: 'Place',
      render: (member) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, minWidth: 160 }}>
          <Button
            size="small"
            variant="contained"
            startIcon={<PlaceOutlined />}
            disabled={!member.sponsorPlaced}
            onClick={() => onChoose(member)}
          >
            Choose a position
          </Button>
          <Button
            size="small"
            variant="outlined"
            startIcon={<KeyboardArrowLeftOutlined />}
            disabled={!member.sponsorPlaced}
            onClick={() => onBottom(member, 'left')}
          >
            Bottom of left leg
          </Button>
          <Button
            size="small"
            variant="outlined"
            endIcon={<KeyboardArrowRightOutlined />}
            disabled={!member.sponsorPlaced}
            onClick={() => onBottom(member, 'right')}
          >
            Bottom of right leg
          </Button>
        </Box>
      ),
    },
  ];
}
