import { describe, expect, it } from 'vitest';
import { weakerLegNeeds } from './weaker-leg';

describe('what the weaker leg needs', () => {
  it('names the weaker leg and the BV that matches all the stronger one carries, exactly', () => {
    expect(weakerLegNeeds('1000', '250')).toEqual({ side: 'right', text: '750 BV more here is matched' });
    expect(weakerLegNeeds('0.5', '1200.25')).toEqual({ side: 'left', text: '1,199.75 BV more here is matched' });
    expect(weakerLegNeeds('0.25', '0')).toEqual({ side: 'right', text: '0.25 BV more here is matched' });
  });

  it('says nothing when the legs are equal', () => {
    expect(weakerLegNeeds('300', '300.0')).toBeNull();
    expect(weakerLegNeeds('0', '0')).toBeNull();
  });
});
