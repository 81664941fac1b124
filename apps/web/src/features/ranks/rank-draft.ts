import type { Package, Rank, RankCreate, RankKind } from '@portal/contract';
import { formatBV, formatMoney } from '../../shared/format';

/** The rank editor's form: every field as typed, '' for a requirement not asked. */
export interface RankDraft {
  id?: number;
  name: string;
  colour: string;
  kind: RankKind;
  minPackageId: string;
  minSponsored: string;
  minWeakerLegBv: string;
  minRankedRank: string;
  minRankedCount: string;
  bonus: string;
  active: boolean;
}

export const EMPTY_DRAFT: RankDraft = {
  name: '',
  colour: '#1e88e5',
  kind: 'lifetime',
  minPackageId: '',
  minSponsored: '',
  minWeakerLegBv: '',
  minRankedRank: '',
  minRankedCount: '',
  bonus: '0',
  active: true,
};

export function draftOf(rank: Rank): RankDraft {
  const r = rank.requirements;
  return {
    id: rank.id,
    name: rank.name,
    colour: rank.colour,
    kind: rank.kind,
    minPackageId: r.minPackageId === null ? '' : String(r.minPackageId),
    minSponsored: r.minSponsored === null ? '' : String(r.minSponsored),
    minWeakerLegBv: r.minWeakerLegBv ?? '',
    minRankedRank: r.minRanked === null ? '' : String(r.minRanked.rankId),
    minRankedCount: r.minRanked === null ? '' : String(r.minRanked.count),
    bonus: rank.bonus,
    active: rank.active,
  };
}

const whole = (value: string): number => Number(value.trim());

/** The body the API takes: an empty field is a requirement not asked; the API checks the rest. */
export function bodyOf(draft: RankDraft): RankCreate {
  return {
    name: draft.name.trim(),
    colour: draft.colour,
    kind: draft.kind,
    bonus: draft.bonus.trim() === '' ? '0' : draft.bonus.trim(),
    active: draft.active,
    requirements: {
      minPackageId: draft.minPackageId === '' ? null : whole(draft.minPackageId),
      minSponsored: draft.minSponsored.trim() === '' ? null : whole(draft.minSponsored),
      minWeakerLegBv: draft.minWeakerLegBv.trim() === '' ? null : draft.minWeakerLegBv.trim(),
      minRanked:
        draft.minRankedRank === ''
          ? null
          : {
              rankId: whole(draft.minRankedRank),
              count: draft.minRankedCount.trim() === '' ? 1 : whole(draft.minRankedCount),
            },
    },
  };
}

/** A rank's requirements in words, for the list ("Gold or dearer · 2 sponsored · 1,000 BV weaker leg"). */
export function requirementsText(rank: Rank, ranks: Rank[], packages: Package[]): string {
  const r = rank.requirements;
  const parts: string[] = [];
  if (r.minPackageId !== null)
    parts.push(`${packages.find((p) => p.id === r.minPackageId)?.name ?? `package #${r.minPackageId}`} or dearer`);
  if (r.minSponsored !== null) parts.push(`${r.minSponsored} active sponsored`);
  if (r.minWeakerLegBv !== null)
    parts.push(`${formatBV(r.minWeakerLegBv)} BV weaker leg${rank.kind === 'period' ? ' this month' : ''}`);
  if (r.minRanked !== null)
    parts.push(
      `${r.minRanked.count} sponsored at ${ranks.find((x) => x.id === r.minRanked!.rankId)?.name ?? 'a rank'}+`,
    );
  return parts.length === 0 ? 'None' : parts.join(' · ');
}

/** The bonus as the list shows it. */
export const bonusText = (rank: Rank): string => (rank.bonus === '0.00' ? 'None' : `${formatMoney(rank.bonus)} USDT`);
