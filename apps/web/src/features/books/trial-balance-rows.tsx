import Typography from '@mui/material/Typography';
import type { TrialBalance } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { plural } from '../../shared/words';
import { unitLabel } from '../wallet/labels';

type Sides = Pick<
  TrialBalance['lines'][number],
  'unit' | 'openingDebit' | 'openingCredit' | 'debits' | 'credits' | 'closingDebit' | 'closingCredit'
>;

/** A line of the table: an account (company, or members' wallets of a kind) or a unit's total. */
export type TrialBalanceRow = Sides & { key: string; account: string; detail?: string; total: boolean };

/** The lines of each unit, then that unit's total: USDT first, then points. */
export function trialBalanceRows(balance: TrialBalance): TrialBalanceRow[] {
  return balance.totals.flatMap((total) => [
    ...balance.lines
      .filter((line) => line.unit === total.unit)
      .map((line) => ({
        ...line,
        key: line.code,
        detail: line.kind === 'members' ? `${plural(line.accounts, 'wallet')} moved` : undefined,
        total: false,
      })),
    { ...total, key: `total-${total.unit}`, account: `Total (${unitLabel(total.unit)})`, total: true },
  ]);
}

/** A balance on its side: "1,200.00 USDT Dr" (owned, or spent) or "… Cr" (owed, or earned); zero has no side. */
function Balance({ debit, credit, unit }: { debit: string; credit: string; unit: string }) {
  const isZero = (value: string) => /^0(\.0*)?$/.test(value);
  if (!isZero(debit))
    return (
      <>
        <Money value={debit} unit={unit} /> Dr
      </>
    );
  if (!isZero(credit))
    return (
      <>
        <Money value={credit} unit={unit} /> Cr
      </>
    );
  return <Money value="0" unit={unit} />;
}

const strong = (row: TrialBalanceRow) => (row.total ? { fontWeight: 600 } : undefined);

export const TRIAL_BALANCE_COLUMNS: Column<TrialBalanceRow>[] = [
  {
    id: 'account',
    label: 'Account',
    minWidth: 200,
    render: (row) => (
      <span style={strong(row)}>
        {row.account}
        {row.detail ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {row.detail}
          </Typography>
        ) : null}
      </span>
    ),
  },
  {
    id: 'opening',
    label: 'Opening balance',
    align: 'right',
    secondary: true,
    render: (row) => <Balance debit={row.openingDebit} credit={row.openingCredit} unit={unitLabel(row.unit)} />,
  },
  {
    id: 'debits',
    label: 'Debits',
    align: 'right',
    render: (row) => <Money value={row.debits} unit={unitLabel(row.unit)} sx={strong(row)} />,
  },
  {
    id: 'credits',
    label: 'Credits',
    align: 'right',
    render: (row) => <Money value={row.credits} unit={unitLabel(row.unit)} sx={strong(row)} />,
  },
  {
    id: 'closing',
    label: 'Closing balance',
    align: 'right',
    render: (row) => <Balance debit={row.closingDebit} credit={row.closingCredit} unit={unitLabel(row.unit)} />,
  },
];
