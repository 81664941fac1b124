import type { BenchPortal } from './portal';
import { sql } from '../../apps/api/src/platform/db/sql';

/**
 * A year of generated activity on a generated network (network-generator.ts):
 * a purchase per member at a random time of the last 365 days (Starter), its
 * level-1 referral bonus, the member made active with that package, a
 * deposit credited per two members, a withdrawal paid per ten. Inserted
 * set-based with the session's triggers off (session_replication_role =
 * replica): load for the readers of these tables (the dashboards, the plan
 * simulator), with each member's deposit and income wallets and the postings
 * of the purchases and bonuses behind them, balances as the lines leave them,
 * and the treasury's posting of each deposit and withdrawal. Rows are written
 * in time order, as a year of real purchases would be.
 */
export async function generateActivity(portal: BenchPortal) {
  await portal.ctx.db.transaction(async (tx) => {
    await tx.query(sql`SET LOCAL session_replication_role = replica`);
    // A purchase per member at a random time of the last 365 days, each with its journal entry's id and time.
    await tx.query(
      sql`WITH e AS (
           INSERT INTO journal_entries (type, memo, created_at)
           SELECT 'purchase', 'bench activity', t FROM (SELECT now() - random() * interval '365 days' AS t FROM members WHERE sponsor_id IS NOT NULL) s ORDER BY t
           RETURNING id, created_at
         ), m AS (SELECT user_id, row_number() OVER () AS i FROM members WHERE sponsor_id IS NOT NULL),
         x AS (SELECT id, created_at, row_number() OVER () AS i FROM e)
         INSERT INTO purchases (entry_id, member_id, package_id, kind, price, bv, created_at)
         SELECT x.id, m.user_id, p.id, 'purchase', p.price, p.bv, x.created_at
           FROM x JOIN m USING (i), (SELECT id, price, bv FROM packages ORDER BY price LIMIT 1) p ORDER BY x.created_at`,
    );
    // Active with the package they bought, as plan_purchase_one.sql leaves them; joined over the year, not all today.
    await tx.query(
      sql`UPDATE members m SET active = true, package_id = p.package_id, activated_at = p.created_at,
                joined_at = p.created_at - random() * interval '1 day'
           FROM purchases p WHERE p.member_id = m.user_id`,
    );
    await tx.query(
      sql`INSERT INTO referral_bonuses (purchase_id, entry_id, member_id, buyer_id, level, rate, base, amount, created_at)
         SELECT p.id, p.entry_id, m.sponsor_id, p.member_id, 1, '10', p.price, p.price / 10, p.created_at
           FROM purchases p JOIN members m ON m.user_id = p.member_id WHERE m.sponsor_id IS NOT NULL ORDER BY p.id`,
    );
    await tx.query(
      sql`INSERT INTO deposits (chain_id, tx_hash, log_index, block_number, block_hash, member_id, address, from_address,
                                amount, status, entry_id, seen_at, final_at, credited_at)
         SELECT 97, '0x' || lpad(to_hex(p.id), 64, '0'), 0, p.id, '0x0', p.member_id, '0x0', '0x0', p.price, 'credited',
                p.entry_id, p.created_at, p.created_at, p.created_at
           FROM purchases p WHERE p.id % 2 = 0`,
    );
    await tx.query(
      sql`INSERT INTO withdrawals (user_id, amount, fee, address, status, entry_id, paid_at, created_at)
         SELECT p.member_id, p.price / 2, p.price / 20, '0x' || repeat('a', 40), 'paid', p.entry_id, p.created_at, p.created_at
           FROM purchases p WHERE p.id % 10 = 0`,
    );
    // Each member's deposit and income wallets, and the postings of the purchases behind them (the buyer's
    // deposit wallet paid the price, the sponsor's income wallet got the bonus): what the wallets and the recent
    // lines of /api/dashboard read. Balances as the lines leave them.
    await tx.query(
      sql`INSERT INTO ledger_accounts (kind, owner_id, wallet, unit, balance)
         SELECT 'member', m.user_id, w.wallet, 'USDT', CASE w.wallet WHEN 'income' THEN COALESCE(r.earned, 0) ELSE 0 END
           FROM members m CROSS JOIN (VALUES ('deposit'), ('income')) w(wallet)
           LEFT JOIN (SELECT member_id, sum(amount) AS earned FROM referral_bonuses GROUP BY member_id) r ON r.member_id = m.user_id
          WHERE m.sponsor_id IS NOT NULL`,
    );
    await tx.query(
      sql`INSERT INTO postings (entry_id, account_id, amount, balance_after)
         SELECT x.entry_id, x.account_id, x.amount, x.after FROM (
           SELECT p.entry_id, a.id AS account_id, -p.price AS amount, 0 AS after, p.id AS i, 0 AS o
             FROM purchases p JOIN ledger_accounts a ON a.owner_id = p.member_id AND a.wallet = 'deposit'
           UNION ALL
           SELECT b.entry_id, a.id, b.amount, sum(b.amount) OVER (PARTITION BY b.member_id ORDER BY b.id), b.purchase_id, 1
             FROM referral_bonuses b JOIN ledger_accounts a ON a.owner_id = b.member_id AND a.wallet = 'income'
           UNION ALL
           -- The treasury's side of each deposit credited and withdrawal paid (what the admin dashboard's treasury
           -- adds up, dashboard/daily-events.ts), in the entry each borrowed.
           SELECT d.entry_id, t.id, -d.amount, NULL, d.id, 2 FROM deposits d, (SELECT id FROM ledger_accounts WHERE code = 'treasury') t
           UNION ALL
           SELECT w.entry_id, t.id, w.amount, NULL, w.id, 3 FROM withdrawals w, (SELECT id FROM ledger_accounts WHERE code = 'treasury') t
         ) x ORDER BY x.i, x.o`,
    );
  });
  // The state autovacuum leaves soon after: the members' rewrite above (joined and activated over the year) left
  // a dead index entry per member at today's time, which the live part of the admin dashboard read on every view.
  await portal.ctx.db.query(sql`VACUUM ANALYZE`);
}
