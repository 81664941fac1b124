import { describe, expect, it } from 'vitest';
import { LOOSENING, loosens } from './changes';
import { SETTINGS_DEFAULTS } from './settings';

describe('loosens', () => {
  it('reads each direction of the table', () => {
    expect(loosens('withdrawalMaximum', '10000', '10001')).toBe(true);
    expect(loosens('withdrawalMaximum', '10000', '9999.5')).toBe(false);
    // 0 turns a limit off: the loosest value, and any limit tightens it.
    expect(loosens('withdrawalDailyLimit', '10000', '0')).toBe(true);
    expect(loosens('withdrawalDailyLimit', '0', '1000000')).toBe(false);
    expect(loosens('secondApprovalThreshold', '5000', '0')).toBe(true);
    // Automatic approval: 0 is off, anything above turns it on.
    expect(loosens('autoApproveBelow', '0', '0.01')).toBe(true);
    expect(loosens('autoApproveBelow', '50', '0')).toBe(false);
    expect(loosens('withdrawalAddressHoldHours', '24', '0')).toBe(true);
    expect(loosens('withdrawalAddressHoldHours', '24', '48')).toBe(false);
    // 0 hours of automatic pay means never: the tightest value.
    expect(loosens('closeReviewAutoPayHours', '0', '72')).toBe(true);
    expect(loosens('closeReviewAutoPayHours', '24', '0')).toBe(false);
    expect(loosens('closeReviewAutoPayHours', '24', '12')).toBe(true);
    expect(loosens('adminsRequireTwoFactor', true, false)).toBe(true);
    expect(loosens('adminsRequireTwoFactor', false, true)).toBe(false);
    expect(loosens('hotWalletTarget', '1000', '5000')).toBe(true);
    expect(loosens('changeDelayHours', '24', '1')).toBe(true);
    // The hot wallet's cap: 0 is no cap, the loosest; a cap set where there was none tightens.
    expect(loosens('hotWalletCap', '20000', '50000')).toBe(true);
    expect(loosens('hotWalletCap', '20000', '0')).toBe(true);
    expect(loosens('hotWalletCap', '0', '20000')).toBe(false);
  });

  it('never holds a setting the table does not name, nor an unchanged value', () => {
    expect(loosens('transferFeePercent', '1', '0')).toBe(false);
    expect(loosens('withdrawalMaximum', '10000', '10000')).toBe(false);
  });

  it('names only settings that exist, each with a default its direction can compare', () => {
    for (const [key, direction] of Object.entries(LOOSENING)) {
      const value = SETTINGS_DEFAULTS[key as keyof typeof SETTINGS_DEFAULTS];
      expect(value, key).toBeDefined();
      expect(typeof value === 'boolean', key).toBe(direction === 'turnOff' || direction === 'turnOn');
    }
  });
});
