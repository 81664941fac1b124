import type { Locator, Page } from '@playwright/test';
import { TablePage } from './TablePage';

/** `/withdraw-approval`: what needs attention, then the pending withdrawals, approved as a batch and paid from the hot wallet. */
export class WithdrawApprovalPage extends TablePage {
  readonly hotWallet: Locator;
  readonly selectAllButton: Locator;
  readonly dialog: Locator;
  readonly approveAndPayButton: Locator;
  /** The dialog's action when it only records a first approval of two. */
  readonly approveFirstOfTwoButton: Locator;
  /** The thresholds in force, and what approving the selection will do. */
  readonly thresholds: Locator;
  readonly selectionEffect: Locator;
  /** The "Needs attention" table, named so only while it does not scroll sideways (DataTable). */
  readonly attention: Locator;

  constructor(page: Page) {
    super(page, '/withdraw-approval', 'Pending withdrawals');
    this.hotWallet = page.getByTestId('hot-wallet');
    this.selectAllButton = page.getByRole('button', { name: 'Select all on this page' });
    this.dialog = page.getByRole('dialog');
    this.approveAndPayButton = page.getByRole('button', { name: 'Approve and pay' });
    this.approveFirstOfTwoButton = page.getByRole('button', { name: 'Approve 1 of 2' });
    this.thresholds = page.getByTestId('approval-thresholds');
    this.selectionEffect = page.getByTestId('approval-selection');
    this.attention = page.getByRole('region', { name: 'Withdrawals that need attention', exact: true });
  }

  /** One withdrawal's row in the "Needs attention" group: why, and its actions. */
  attentionRow(id: number): Locator {
    return this.page.getByTestId(`attention-${id}`);
  }

  /** The check box of one withdrawal. */
  select(id: number): Locator {
    return this.page.getByRole('checkbox', { name: `Select withdrawal ${id}` });
  }

  /** The batch's button, which counts the withdrawals selected. */
  approveSelectedButton(count: number): Locator {
    return this.page.getByRole('button', { name: `Approve (${count})` });
  }
}
