import { z } from 'zod';
import { rankBadgeSchema } from './ranks';
import { text } from './text';
import { idSchema, wholeNumberSchema } from './ids';
import { pageOf, pageQuerySchema, sideSchema } from './common';

/**
 * The network (PRODUCT.md §3): the sponsor tree, the binary placement tree,
 * the downline table and placement of waiting referrals. Member ids are the
 * user ids of members. A member may ask about its own downline only; an
 * admin about anyone's.
 */

/** A username prefix to search for (letters, digits, dot, dash, underscore). */
const usernameSearchSchema = text(undefined, { label: 'search' })
  .trim()
  .max(32, 'search must be at most 32 characters')
  .regex(/^[A-Za-z0-9_.-]*$/, 'search may only contain letters, digits, dot, dash and underscore')
  .optional()
  .transform((value) => (value ? value : undefined));

const volumeSchema = z
  .string()
  .meta({ description: 'Business volume as a decimal string; "0" until purchases are made' });

// ---- referral link -----------------------------------------------------------

export const referralLinkSchema = z.object({
  username: z.string(),
  links: z.object({ plain: z.string(), left: z.string(), right: z.string() }),
  signups: z.object({
    /** Everyone who joined with this member as sponsor. */
    total: z.number().int(),
    left: z.number().int(),
    right: z.number().int(),
    /** Joined with the plain link (no side). */
    noSide: z.number().int(),
    /** Not placed yet: waiting on the Placement page. */
    waiting: z.number().int(),
  }),
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;

// ---- sponsor tree ---------------------------------------------------------------

export const sponsorTreeQuerySchema = z.object({
  root: idSchema('root').optional(),
  depth: wholeNumberSchema('depth', 1, 2, 'depth must be 1 or 2').default(1),
  /** Children shown per node. */
  limit: wholeNumberSchema('limit', 1, 50, 'limit must be between 1 and 50').default(20),
  /** The root's children after this member id (the next page of a wide node). */
  after: idSchema('after').optional(),
  search: usernameSearchSchema,
});
export type SponsorTreeQuery = z.infer<typeof sponsorTreeQuerySchema>;

export const sponsorNodeSchema = z.object({
  id: z.number().int(),
  /** The sponsor's id; null for the company root. */
  parentId: z.number().int().nullable(),
  username: z.string(),
  fullName: z.string(),
  /** Levels below the viewer (a member's own node is 0; for admins, the company root is 0). */
  level: z.number().int(),
  joinedAt: z.string(),
  /** Direct referrals. */
  directCount: z.number().int(),
  placed: z.boolean(),
  /** The highest package bought; null until the member buys one. */
  package: z.string().nullable(),
  /** Set when the node has more children than shown: pass it as `after` with this node as `root`. */
  moreAfter: z.number().int().nullable(),
});
export type SponsorNode = z.infer<typeof sponsorNodeSchema>;

export const networkMatchSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  level: z.number().int(),
});
export type NetworkMatch = z.infer<typeof networkMatchSchema>;

export const sponsorTreeSchema = z.object({
  root: sponsorNodeSchema,
  /** Children of shown nodes down to `depth`, in join order, each naming its parent. */
  nodes: z.array(sponsorNodeSchema),
  /** The root's sponsor when the viewer may go up to it. */
  upId: z.number().int().nullable(),
  /** Members of the viewer's sponsor tree whose username starts with `search`. */
  matches: z.array(networkMatchSchema),
  /** True when too many usernames start with `search` to look at them all: type more of it. */
  searchTruncated: z.boolean(),
});
export type SponsorTree = z.infer<typeof sponsorTreeSchema>;

// ---- placement (binary) tree ---------------------------------------------------------

export const placementTreeQuerySchema = z.object({
  root: idSchema('root').optional(),
  depth: wholeNumberSchema('depth', 1, 4, 'depth must be between 1 and 4').default(3),
});
export type PlacementTreeQuery = z.infer<typeof placementTreeQuerySchema>;

export const placementNodeSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  side: sideSchema.nullable(),
  username: z.string(),
  fullName: z.string(),
  /** Levels below the viewer (a member's own node is 0; for admins, the company root is 0). */
  level: z.number().int(),
  sponsor: z.string().nullable(),
  package: z.string().nullable(),
  /** The rank held now (docs/plan.md "Ranks"); null: none. */
  rank: rankBadgeSchema,
  joinedAt: z.string(),
  leftCount: z.number().int(),
  rightCount: z.number().int(),
  leftVolume: volumeSchema,
  rightVolume: volumeSchema,
  hasLeft: z.boolean(),
  hasRight: z.boolean(),
});
export type PlacementNode = z.infer<typeof placementNodeSchema>;

export const placementTreeSchema = z.object({
  root: placementNodeSchema,
  /** Descendants down to `depth` levels below the root, each naming its parent and side. */
  nodes: z.array(placementNodeSchema),
  depth: z.number().int(),
  /** The root's parent when the viewer may go up to it. */
  upId: z.number().int().nullable(),
});
export type PlacementTree = z.infer<typeof placementTreeSchema>;

// ---- downline table ---------------------------------------------------------------

/** The columns the downline can be ordered by; volume is the left plus the right BV. */
export const DOWNLINE_SORTS = ['joined', '-joined', 'username', '-username', 'volume', '-volume'] as const;
export const downlineSortSchema = z.enum(DOWNLINE_SORTS, { error: `sort must be one of ${DOWNLINE_SORTS.join(', ')}` });
export type DownlineSort = z.infer<typeof downlineSortSchema>;

export const downlineQuerySchema = pageQuerySchema.extend({
  root: idSchema('root').optional(),
  level: wholeNumberSchema('level', 1, 1_000_000, 'level must be a whole number of at least 1').optional(),
  leg: sideSchema.optional(),
  search: usernameSearchSchema,
  /** Continue after this member (keyset paging, for lists longer than `page` reaches; tree order only). */
  after: idSchema('after').optional(),
  /** Absent: tree order (the left leg, then the right leg). Else a column, `-` first for descending. */
  sort: downlineSortSchema.optional(),
});
export type DownlineQuery = z.infer<typeof downlineQuerySchema>;

/** `page` reaches this many rows; beyond, filter or continue with `after`. */
export const DOWNLINE_MAX_OFFSET = 10_000;

export const downlineRowSchema = z.object({
  id: z.number().int(),
  level: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  sponsor: z.string().nullable(),
  package: z.string().nullable(),
  rank: rankBadgeSchema,
  joinedAt: z.string(),
  leg: sideSchema,
  leftCount: z.number().int(),
  rightCount: z.number().int(),
  leftVolume: volumeSchema,
  rightVolume: volumeSchema,
});
export type DownlineRow = z.infer<typeof downlineRowSchema>;

export const downlineSchema = pageOf(downlineRowSchema).extend({
  /** False when `total` is a lower bound (a filtered count stops at 10,000). */
  totalExact: z.boolean(),
  /** The last row's id, to pass as `after` for the next rows; null at the end. */
  nextAfter: z.number().int().nullable(),
  searchTruncated: z.boolean(),
  /** False when the member has not been placed yet (the list is then empty). */
  placed: z.boolean(),
});
export type Downline = z.infer<typeof downlineSchema>;

// ---- placements -------------------------------------------------------------------

export const placementsQuerySchema = pageQuerySchema.extend({
  /** Admins: only this sponsor's waiting referrals. */
  sponsor: idSchema('sponsor').optional(),
  /** Only waiting members whose username starts with this. */
  search: usernameSearchSchema,
});
export type WaitingListQuery = z.infer<typeof placementsQuerySchema>;

export const waitingMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  joinedAt: z.string(),
  requestedSide: sideSchema.nullable(),
  sponsorId: z.number().int(),
  sponsor: z.string(),
  /** Whether the sponsor is placed: until then nobody can place this member. */
  sponsorPlaced: z.boolean(),
});
export type WaitingMember = z.infer<typeof waitingMemberSchema>;

export const waitingListSchema = pageOf(waitingMemberSchema).extend({
  /** Whether the viewer is placed (a sponsor places referrals inside its own subtree). */
  viewerPlaced: z.boolean(),
});
export type WaitingList = z.infer<typeof waitingListSchema>;

// ---- free positions for a waiting member ------------------------------------------------

export const freeSlotsQuerySchema = z.object({
  /** The waiting member to place: the positions offered are inside its sponsor's team. */
  member: idSchema('member'),
  /** Only positions under members whose username starts with this. */
  search: usernameSearchSchema,
  limit: wholeNumberSchema('limit', 1, 50, 'limit must be between 1 and 50').default(20),
});
export type FreeSlotsQuery = z.infer<typeof freeSlotsQuerySchema>;

export const freeSlotSchema = z.object({
  parentId: z.number().int(),
  parentUsername: z.string(),
  parentFullName: z.string(),
  side: sideSchema,
  /** Levels below the sponsor (the sponsor's own free positions are at level 1). */
  level: z.number().int(),
});
export type FreeSlot = z.infer<typeof freeSlotSchema>;

export const freeSlotsSchema = z.object({
  /** The sponsor whose team the positions are in. */
  sponsorId: z.number().int(),
  sponsor: z.string(),
  /** The free positions nearest the sponsor first (by level, then left to right). */
  items: z.array(freeSlotSchema),
  /** True when there are more: search a username to reach them. */
  more: z.boolean(),
  searchTruncated: z.boolean(),
});
export type FreeSlots = z.infer<typeof freeSlotsSchema>;

// ---- who invited a visitor (the sign-up form) ---------------------------------------

export const sponsorLookupQuerySchema = z.object({
  /** The `ref` of a referral link: the sponsor's username. */
  username: text(undefined, { label: 'username' })
    .trim()
    .min(1, 'username is required')
    .max(64, 'username must be at most 64 characters'),
});

/** Only what the sign-up form shows: nothing private. */
export const sponsorLookupSchema = z.object({
  /** Null when no member has this username. */
  sponsor: z
    .object({
      username: z.string(),
      fullName: z.string(),
      /** False when the account is blocked: sign-ups under it are refused. */
      acceptsMembers: z.boolean(),
    })
    .nullable(),
});
export type SponsorLookup = z.infer<typeof sponsorLookupSchema>;

const idField = (name: string) =>
  z
    .number({ error: `${name} must be a member id` })
    .int(`${name} must be a member id`)
    .positive(`${name} must be a member id`)
    .max(Number.MAX_SAFE_INTEGER, `${name} must be a member id`);

export const placementBodySchema = z.union(
  [
    z.object({ memberId: idField('memberId'), parentId: idField('parentId'), side: sideSchema }).strict(),
    z.object({ memberId: idField('memberId'), auto: sideSchema }).strict(),
  ],
  { error: () => 'Send { memberId, parentId, side } or { memberId, auto: "left" | "right" }' },
);
export type PlacementBody = z.infer<typeof placementBodySchema>;

export const placementResultSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  parentId: z.number().int(),
  parentUsername: z.string(),
  side: sideSchema,
});
export type PlacementResult = z.infer<typeof placementResultSchema>;

// ---- team figures in other lists (admin Members) ------------------------------------

export const memberTeamSchema = z.object({
  directReferrals: z.number().int(),
  /** False while the member waits for its sponsor to place it. */
  placed: z.boolean(),
  /** Members in the left and right legs of the binary tree. */
  left: z.number().int(),
  right: z.number().int(),
});
export type MemberTeam = z.infer<typeof memberTeamSchema>;
