import { describe, expect, it } from 'vitest';
import type { Package, Rank } from '@portal/contract';
import { bodyOf, bonusText, draftOf, EMPTY_DRAFT, requirementsText } from './rank-draft';

const packages: Package[] = [{ id: 3, name: 'Gold', price: '1000.00', bv: '1000', dailyCap: '1000.00', active: true }];
const bronze: Rank = {
  id: 1,
  position: 1,
  name: 'Bronze',
  colour: '#cd7f32',
  kind: 'lifetime',
  requirements: { minPackageId: null, minSponsored: 1, minWeakerLegBv: null, minRanked: null },
  bonus: '10.00',
  active: true,
  holders: 2,
  reached: 2,
};
const leader: Rank = {
  ...bronze,
  id: 2,
  position: 2,
  name: 'Leader',
  kind: 'period',
  requirements: { minPackageId: 3, minSponsored: 2, minWeakerLegBv: '1000', minRanked: { rankId: 1, count: 3 } },
  bonus: '0.00',
};

describe('the rank editor', () => {
  it('sends empty fields as requirements not asked, trimmed, with a zero bonus when left empty', () => {
    expect(bodyOf({ ...EMPTY_DRAFT, name: '  Bronze ', minSponsored: ' 1 ', bonus: '' })).toEqual({
      name: 'Bronze',
      colour: '#1e88e5',
      kind: 'lifetime',
      bonus: '0',
      active: true,
      requirements: { minPackageId: null, minSponsored: 1, minWeakerLegBv: null, minRanked: null },
    });
    expect(bodyOf({ ...EMPTY_DRAFT, minRankedRank: '1', minRankedCount: '' }).requirements.minRanked).toEqual({
      rankId: 1,
      count: 1,
    });
  });

  it('edits a rank as it is: the form and back give the same body', () => {
    const draft = draftOf(leader);
    expect(draft).toMatchObject({ minPackageId: '3', minSponsored: '2', minWeakerLegBv: '1000', minRankedCount: '3' });
    expect(bodyOf(draft)).toEqual({
      name: 'Leader',
      colour: '#cd7f32',
      kind: 'period',
      bonus: '0.00',
      active: true,
      requirements: leader.requirements,
    });
  });

  it('says the requirements and the bonus in words', () => {
    expect(requirementsText(bronze, [bronze, leader], packages)).toBe('1 active sponsored');
    expect(requirementsText(leader, [bronze, leader], packages)).toBe(
      'Gold or dearer · 2 active sponsored · 1,000 BV weaker leg this month · 3 sponsored at Bronze+',
    );
    expect(requirementsText({ ...bronze, requirements: { ...bronze.requirements, minSponsored: null } }, [], [])).toBe(
      'None',
    );
    expect(bonusText(bronze)).toBe('10.00 USDT');
    expect(bonusText(leader)).toBe('None');
  });
});
