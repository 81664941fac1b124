import { describe, expect, it } from 'vitest';
import { verifyMessage } from 'viem';
import { verifyInclusion, type ChainWallets, type MyReserveProof, type ReserveProof } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { bearer } from '../harness';
import { freshAddress, pendingWithdrawal, usePayoutChain } from '../withdrawals/payout-helpers';
import { sha256 } from './reserve-oracle';

describe('a proof of reserves on a chain', () => {
  const setup = usePayoutChain();

  it('states what the portal holds on chain and its coverage, counts unpaid withdrawals, and is signed by the hot wallet', async () => {
    const { portal, admin, hot } = setup;
    const { member } = await pendingWithdrawal(portal, admin, freshAddress(), '40', '100');
    const res = await portal.app.inject({ method: 'POST', url: '/api/admin/reserves', headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(201);
    const proof = res.json<ReserveProof>();

    // Anyone can check the signature against the hot wallet's address.
    expect(proof.signer).toBe(hot);
    expect(
      await verifyMessage({ address: hot, message: proof.message, signature: proof.signature as `0x${string}` }),
    ).toBe(true);
    expect(
      await verifyMessage({
        address: hot,
        message: proof.message.replace('Members: ', 'Members: 9'),
        signature: proof.signature as `0x${string}`,
      }),
    ).toBe(false);

    // What it says is held is what the BEP20 Wallets reconciliation reads of the same addresses.
    const wallets = await portal.app.inject({ method: 'GET', url: '/api/admin/chain/wallets', headers: bearer(admin) });
    expect(wallets.statusCode, wallets.body).toBe(200);
    const { reconciliation } = wallets.json<ChainWallets>();
    expect(proof.held).toMatchObject({
      treasury: reconciliation.treasury,
      hotWallet: reconciliation.hotWallet,
      depositAddresses: reconciliation.depositAddresses,
      total: reconciliation.onChain,
    });
    expect(proof.message).toContain(`at block ${proof.held!.block}`);

    // The unpaid withdrawal is owed until it is paid: the tree's withdrawing is what withdrawals_in_flight holds.
    const { rows } = await portal.db.query<{ in_flight: string }>(
      sql`SELECT COALESCE(sum(p.amount), 0)::text AS in_flight FROM postings p
            JOIN ledger_accounts a ON a.id = p.account_id WHERE a.code = 'withdrawals_in_flight'`,
    );
    expect(proof.root.withdrawing).toBe(rows[0]!.in_flight);
    expect(proof.owed.withdrawing).toBe('40.00');
    // 1,000 USDT on the hot wallet and nothing else held, against 100 owed (60 of income, 40 withdrawing).
    expect([proof.held!.total, proof.owed.total, proof.coverage]).toEqual(['1000.00', '100.00', '10.0000']);

    const mine = await portal.app.inject({ method: 'GET', url: '/api/reserves/mine', headers: bearer(member) });
    const answer = mine.json<MyReserveProof>();
    if (answer.state !== 'included') throw new Error(answer.state);
    expect(answer.inclusion.leaf).toMatchObject({
      income: '60000000000000000000',
      withdrawing: '40000000000000000000',
    });
    expect(await verifyInclusion(answer.inclusion, sha256)).toEqual({ ok: true });
  });
});
