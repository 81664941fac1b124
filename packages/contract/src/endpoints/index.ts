import { audit } from './audit';
import { auth } from './auth';
import { books } from './books';
import { bonuses } from './bonuses';
import { changes } from './changes';
import { conversions } from './conversions';
import { dashboard } from './dashboard';
import { deposits } from './deposits';
import { health } from './health';
import { hotWallet } from './hot-wallet';
import { identityChecks } from './identity-checks';
import { incomeDisclosure } from './income-disclosure';
import { mail } from './mail';
import { me } from './me';
import { members } from './members';
import { metrics } from './metrics';
import { network } from './network';
import { notifications } from './notifications';
import { packages } from './packages';
import { plan } from './plan';
import { products } from './products';
import { purchases } from './purchases';
import { ranks } from './ranks';
import { redemptions } from './redemptions';
import { refunds } from './refunds';
import { reserves } from './reserves';
import { screening } from './screening';
import { settings } from './settings';
import { simulator } from './simulator';
import { statements } from './statements';
import { transactions } from './transactions';
import { transfers } from './transfers';
import { twoFactor } from './two-factor';
import { users } from './users';
import { webhooks } from './webhooks';
import { wallets } from './wallets';
import { withdrawals } from './withdrawals';

/**
 * Every endpoint of the API by domain: `endpoints.transfers.quote` is how the
 * API's routes and the web app's calls name the same endpoint
 * (docs/decisions/0033-typed-endpoint-table.md).
 */
export const endpoints = {
  audit,
  auth,
  books,
  bonuses,
  changes,
  conversions,
  dashboard,
  deposits,
  health,
  hotWallet,
  identityChecks,
  incomeDisclosure,
  mail,
  me,
  members,
  metrics,
  network,
  notifications,
  packages,
  plan,
  products,
  purchases,
  ranks,
  redemptions,
  refunds,
  reserves,
  screening,
  settings,
  simulator,
  statements,
  transactions,
  transfers,
  twoFactor,
  users,
  wallets,
  webhooks,
  withdrawals,
};
export { anyRequestErrors, audienceErrors } from './shared-errors';
