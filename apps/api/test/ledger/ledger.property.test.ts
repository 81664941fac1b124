import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bearer, registerMember, type Session, usePortal } from '../harness';
import { assertBooksConsistent } from './ledger-helpers';
import { sql } from '../../src/platform/db/sql';

/**
 * The ledger against a model simple enough to trust: a map of bigint
 * balances and the product's rules written out again, independently of the
 * code under test. Random sequences of adjustments, transfers, conversions
 * and settings changes run through the real API on a real database; after
 * every step the answer must be the one the model predicts, and after every
 * sequence every balance must equal the model's, none negative, every entry
 * summing to zero.
 */
const UNIT = 10n ** 18n;
type Wallet = 'deposit' | 'income' | 'points';
const WALLETS: Wallet[] = ['deposit', 'income', 'points'];

/** Base units to the decimal text a client would send, written independently of the contract. */
function decimal(units: bigint): string {
  const whole = units / UNIT;
  const fraction = (units % UNIT).toString().padStart(18, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** Half-up rounding of a × p% with p given in ten-thousandths of a percent. */
function modelFee(amount: bigint, percentTimes1e4: bigint): bigint {
  const numerator = amount * percentTimes1e4;
  const denominator = 100n * 10_000n;
  const quotient = numerator / denominator;
  return 2n * (numerator % denominator) >= denominator ? quotient + 1n : quotient;
}

type Op =
  | { kind: 'adjust'; member: number; wallet: Wallet; debit: boolean; amount: bigint }
  | { kind: 'transfer'; from: number; to: number; amount: bigint }
  | { kind: 'convert'; member: number; amount: bigint }
  | { kind: 'fee'; percent: string; percentTimes1e4: bigint }
  | { kind: 'rate'; rate: string; rateTimes1e8: bigint };

const amountArb = fc.oneof(
  fc.bigInt({ min: 1n, max: 40n }).map((n) => n * UNIT),
  fc.bigInt({ min: 1n, max: 40n * UNIT }),
  fc.bigInt({ min: 1n, max: 1000n }),
  fc.bigInt({ min: 9n * UNIT, max: 11n * UNIT }),
);
const MEMBERS = 3;
const memberArb = fc.integer({ min: 0, max: MEMBERS - 1 });

function feeArb() {
  return fc
    .constantFrom<[string, bigint]>(
      ['0', 0n],
      ['2.5', 25_000n],
      ['0.0001', 1n],
      ['33.3333', 333_333n],
      ['1.0005', 10_005n],
    )
    .map(([percent, scaled]) => ({
      kind: 'fee' as const,
      percent,
      percentTimes1e4: scaled,
    }));
}
function rateArb() {
  return fc
    .constantFrom<[string, bigint]>(
      ['1', 100_000_000n],
      ['1.5', 150_000_000n],
      ['0.33333333', 33_333_333n],
      ['7', 700_000_000n],
    )
    .map(([rate, scaled]) => ({ kind: 'rate' as const, rate, rateTimes1e8: scaled }));
}

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      member: memberArb,
      wallet: fc.constantFrom(...WALLETS),
      debit: fc.boolean(),
      amount: amountArb,
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('transfer' as const), from: memberArb, to: memberArb, amount: amountArb }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('convert' as const), member: memberArb, amount: amountArb }) },
  { weight: 1, arbitrary: feeArb() },
  { weight: 1, arbitrary: rateArb() },
);

const { portal, admin } = usePortal();

const SYSTEM = ['fees', 'adjustments', 'point_adjustments', 'point_sales', 'points_issued'] as const;
type SystemCode = (typeof SYSTEM)[number];

/** What the company's accounts hold now: the sum of their postings. */
async function systemTotals(): Promise<Record<SystemCode, bigint>> {
  const { rows } = await portal.db.query<{ code: SystemCode; total: string }>(
    sql`SELECT a.code, COALESCE(sum(p.amount), 0)::text AS total FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
      WHERE a.code = ANY(${[...SYSTEM]}::text[]) GROUP BY a.code`,
  );
  return Object.fromEntries(rows.map((row) => [row.code, BigInt(row.total)])) as Record<SystemCode, bigint>;
}

async function setting(patch: Record<string, string>) {
  const res = await portal.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: bearer(admin),
    payload: patch,
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the ledger against an independent model', () => {
  it('random sequences of adjustments, transfers, conversions and settings changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        feeArb(),
        rateArb(),
        // Opening deposit and income balances, so that most transfers and conversions can succeed.
        fc.array(fc.bigInt({ min: 0n, max: 60n * UNIT }), { minLength: MEMBERS * 2, maxLength: MEMBERS * 2 }),
        fc.array(opArb, { minLength: 1, maxLength: 18 }),
        async (startFee, startRate, opening, steps) => {
          await setting({ transferFeePercent: startFee.percent, conversionRate: startRate.rate });
          let fee = startFee.percentTimes1e4;
          let rate = startRate.rateTimes1e8;
          const members: Array<Session & { password: string }> = [];
          for (let i = 0; i < MEMBERS; i += 1) members.push(await registerMember(portal.app));
          // The company's side, predicted from what it held before this run.
          const system = await systemTotals();
          const model = new Map<string, bigint>();
          const bal = (m: number, w: Wallet) => model.get(`${m}:${w}`) ?? 0n;
          const set = (m: number, w: Wallet, v: bigint) => model.set(`${m}:${w}`, v);
          const ops: Op[] = [
            ...opening
              .map((amount, i): Op => ({
                kind: 'adjust',
                member: i % MEMBERS,
                wallet: i < MEMBERS ? 'deposit' : 'income',
                debit: false,
                amount,
              }))
              .filter((op) => op.kind === 'adjust' && op.amount > 0n),
            ...steps,
          ];

          for (const op of ops) {
            let expected: { status: number; code?: string };
            let res;
            if (op.kind === 'adjust') {
              const wallet = op.wallet;
              res = await portal.app.inject({
                method: 'POST',
                url: `/api/admin/members/${members[op.member]!.user.id}/adjustments`,
                headers: bearer(admin),
                payload: {
                  wallet,
                  direction: op.debit ? 'debit' : 'credit',
                  amount: decimal(op.amount),
                  reason: 'model run',
                },
              });
              const counter = wallet === 'points' ? 'point_adjustments' : 'adjustments';
              if (op.debit && bal(op.member, wallet) < op.amount)
                expected = { status: 422, code: 'INSUFFICIENT_BALANCE' };
              else {
                expected = { status: 201 };
                const signed = op.debit ? -op.amount : op.amount;
                set(op.member, wallet, bal(op.member, wallet) + signed);
                system[counter] -= signed;
              }
            } else if (op.kind === 'transfer') {
              res = await portal.app.inject({
                method: 'POST',
                url: '/api/transfers',
                headers: bearer(members[op.from]!),
                payload: { toUsername: members[op.to]!.user.username, amount: decimal(op.amount) },
              });
              const cut = modelFee(op.amount, fee);
              if (op.from === op.to) expected = { status: 422, code: 'TRANSFER_TO_SELF' };
              else if (op.amount < UNIT) expected = { status: 422, code: 'BELOW_MINIMUM' };
              else if (op.amount - cut <= 0n) expected = { status: 422, code: 'AMOUNT_TOO_SMALL' };
              else if (bal(op.from, 'deposit') < op.amount) expected = { status: 422, code: 'INSUFFICIENT_BALANCE' };
              else {
                expected = { status: 201 };
                set(op.from, 'deposit', bal(op.from, 'deposit') - op.amount);
                set(op.to, 'deposit', bal(op.to, 'deposit') + op.amount - cut);
                system.fees += cut;
                expect(res.json()).toMatchObject({ fee: decimalOut(cut), received: decimalOut(op.amount - cut) });
              }
            } else if (op.kind === 'convert') {
              res = await portal.app.inject({
                method: 'POST',
                url: '/api/conversions',
                headers: bearer(members[op.member]!),
                payload: { amount: decimal(op.amount) },
              });
              const points = (op.amount * rate) / 100_000_000n;
              if (op.amount < 10n * UNIT) expected = { status: 422, code: 'BELOW_MINIMUM' };
              else if (bal(op.member, 'income') < op.amount) expected = { status: 422, code: 'INSUFFICIENT_BALANCE' };
              else {
                expected = { status: 201 };
                set(op.member, 'income', bal(op.member, 'income') - op.amount);
                set(op.member, 'points', bal(op.member, 'points') + points);
                system.point_sales += op.amount;
                system.points_issued -= points;
                expect(res.json().points).toBe(decimalOut(points));
              }
            } else if (op.kind === 'fee') {
              await setting({ transferFeePercent: op.percent });
              fee = op.percentTimes1e4;
              continue;
            } else {
              await setting({ conversionRate: op.rate });
              rate = op.rateTimes1e8;
              continue;
            }
            expect(res.statusCode, `${op.kind}: ${res.body}`).toBe(expected.status);
            if (expected.code) expect(res.json().code).toBe(expected.code);
          }

          await expectTheModel(members, bal, system);
        },
      ),
      { numRuns: process.env.DATABASE_URL ? 40 : 25 },
    );
    // 40 whole portals' worth of sequences: about 20 s alone, three times that beside other files on 2 cores.
  }, 240_000);
});

/** Every member's wallets and the company's accounts hold what the model says, and the books balance. */
async function expectTheModel(
  members: Session[],
  bal: (m: number, w: Wallet) => bigint,
  system: Record<SystemCode, bigint>,
): Promise<void> {
  for (let m = 0; m < MEMBERS; m += 1) {
    const res = await portal.app.inject({ method: 'GET', url: '/api/wallets', headers: bearer(members[m]!) });
    const actual = Object.fromEntries(
      (res.json().wallets as Array<{ wallet: Wallet; balance: string }>).map((w) => [w.wallet, w.balance]),
    );
    for (const wallet of WALLETS) {
      expect(bal(m, wallet) >= 0n).toBe(true);
      expect(actual[wallet], `member ${m} ${wallet}`).toBe(decimalOut(bal(m, wallet)));
    }
  }
  expect(await systemTotals()).toEqual(system);
  await assertBooksConsistent(portal.db);
}

/** How the API writes an amount: at least two decimals, no trailing zeros beyond. */
function decimalOut(units: bigint): string {
  const whole = units / UNIT;
  let fraction = (units % UNIT).toString().padStart(18, '0').replace(/0+$/, '');
  while (fraction.length < 2) fraction += '0';
  return `${whole}.${fraction}`;
}
