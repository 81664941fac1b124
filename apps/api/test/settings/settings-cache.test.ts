import { describe, expect, it } from 'vitest';
import { lastReadSettings, readSettings, watchSettings } from '../../src/settings/in-force';
import { registerMember, usePortal } from '../harness';
import { balances, fund, transfer } from '../ledger/ledger-helpers';
import { buy, packageIds } from '../plan/plan-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * The settings are cached per process (docs/decisions/0013a-settings-cache.md).
 * Another process changing them is played here by writing the settings table
 * directly, behind this process's copy: no event may still use the fee or the
 * rate that was in force before the change once it has committed.
 */
const onServer = Boolean(process.env.DATABASE_URL);

describe('the settings cache never outlives a change', () => {
  const cache = useSettingsCache();
  changedElsewhereTests(cache);
  commitTests(cache);
});

/** The set-up of the describe above (made once, before its tests), and the helpers its tests share. */
function useSettingsCache() {
  const { portal, admin } = usePortal();

  /** A settings change as another API process would make it: straight into the table, not through this one's service. */
  async function changeElsewhere(key: string, value: string) {
    await portal.db.query(
      sql`INSERT INTO settings (key, value) VALUES (${key}, ${JSON.stringify(value)}) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    );
  }
  return { portal, admin, changeElsewhere };
}
type SettingsCache = ReturnType<typeof useSettingsCache>;

function changedElsewhereTests({ portal, admin, changeElsewhere }: SettingsCache) {
  it('a transfer uses the fee changed by another process just before it, not the cached one', async () => {
    const alice = await registerMember(portal.app);
    const bob = await registerMember(portal.app);
    await fund(portal.app, admin, alice.user.id, 'deposit', '100');
    try {
      // Warm the cache with a 0 % fee.
      const first = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '10' });
      expect(first.json()).toMatchObject({ fee: '0.00', received: '10.00' });

      await changeElsewhere('transferFeePercent', '3');
      const second = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '10' }, 'after-change');
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json()).toMatchObject({ amount: '10.00', fee: '0.30', received: '9.70' });

      await changeElsewhere('transferFeePercent', '1.5');
      const third = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '10' });
      expect(third.json()).toMatchObject({ fee: '0.15', received: '9.85' });
      // And the replay of a key answers what was charged then, whatever the fee now.
      const replay = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '10' }, 'after-change');
      expect(replay.json()).toEqual(second.json());
      expect((await balances(portal.app, bob)).deposit).toBe('29.55');
    } finally {
      await changeElsewhere('transferFeePercent', '0');
    }
  });

  it('a raised minimum changed elsewhere refuses at once', async () => {
    const alice = await registerMember(portal.app);
    const bob = await registerMember(portal.app);
    await fund(portal.app, admin, alice.user.id, 'deposit', '100');
    try {
      expect((await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '5' })).statusCode).toBe(201);
      await changeElsewhere('transferMinimum', '20');
      const refused = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '5' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('BELOW_MINIMUM');
    } finally {
      await changeElsewhere('transferMinimum', '1');
    }
  });

  it('a purchase pays the referral rate changed by another process just before it', async () => {
    const sponsor = await registerMember(portal.app);
    const packages = await packageIds(portal.app, sponsor);
    await fund(portal.app, admin, sponsor.user.id, 'deposit', '100');
    expect((await buy(portal.app, sponsor, packages.Starter)).statusCode).toBe(201); // active: earns
    const buyer = await registerMember(portal.app, { sponsor: sponsor.user.username });
    await fund(portal.app, admin, buyer.user.id, 'deposit', '200');
    try {
      const first = await buy(portal.app, buyer, packages.Starter);
      expect(first.json().referralPaid).toMatchObject([{ level: 1, rate: '10', amount: '10.00' }]);
      await changeElsewhere('referralLevel1Percent', '7.5');
      const second = await buy(portal.app, buyer, packages.Starter, 'buy-after-change');
      expect(second.statusCode, second.body).toBe(201);
      expect(second.json().referralPaid).toMatchObject([{ level: 1, rate: '7.5', amount: '7.50' }]);
      expect((await balances(portal.app, sponsor)).income).toBe('17.50');
    } finally {
      await changeElsewhere('referralLevel1Percent', '10');
    }
  });

  it('readSettings answers the change at once, whoever made it', async () => {
    expect((await readSettings(portal.db)).conversionMinimum).toBe('10');
    await changeElsewhere('conversionMinimum', '12');
    try {
      expect((await readSettings(portal.db)).conversionMinimum).toBe('12');
    } finally {
      await changeElsewhere('conversionMinimum', '10');
    }
    expect((await readSettings(portal.db)).conversionMinimum).toBe('10');
  });
}

function commitTests({ portal, admin, changeElsewhere }: SettingsCache) {
  it.skipIf(!onServer)(
    'a change not yet committed is not in force; once committed, the next transfer uses it',
    async () => {
      const alice = await registerMember(portal.app);
      const bob = await registerMember(portal.app);
      await fund(portal.app, admin, alice.user.id, 'deposit', '100');
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let changed!: () => void;
      const written = new Promise<void>((resolve) => (changed = resolve));
      const admin2 = portal.db.transaction(async (tx) => {
        await tx.query(
          sql`INSERT INTO settings (key, value) VALUES ('transferFeePercent', '"4"') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
        );
        changed();
        await committed;
      });
      try {
        await written;
        const during = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '10' });
        expect(during.json()).toMatchObject({ fee: '0.00' });
        commit();
        await admin2;
        const after = await transfer(portal.app, alice, { toUsername: bob.user.username, amount: '10' });
        expect(after.json()).toMatchObject({ fee: '0.40', received: '9.60' });
      } finally {
        commit();
        await admin2.catch(() => {});
        await changeElsewhere('transferFeePercent', '0');
      }
    },
  );

  it.skipIf(!onServer)('another process committing a change makes this one drop its copy (LISTEN/NOTIFY)', async () => {
    await watchSettings(portal.db);
    await readSettings(portal.db);
    const before = lastReadSettings();
    expect(before).toBeDefined();
    await changeElsewhere('conversionMinimum', '11');
    try {
      // The notification arrives after the commit, on the listening connection.
      for (let i = 0; i < 200 && lastReadSettings() === before; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(lastReadSettings()).not.toBe(before);
    } finally {
      await changeElsewhere('conversionMinimum', '10');
    }
  });
}
