/**
 * THE route table: every page of the portal, one entry each: path (exact,
 * case-sensitive, as the original wrote it), title, layout, sign-in and
 * admin flags, menu place, and the page. To build a page, replace its
 * `page:` value (usually a <NotAvailableYet/>) with the real component.
 */
import type { ReactNode } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import CallReceivedOutlined from '@mui/icons-material/CallReceivedOutlined';
import CallSplitOutlined from '@mui/icons-material/CallSplitOutlined';
import CardGiftcardOutlined from '@mui/icons-material/CardGiftcardOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LeaderboardOutlined from '@mui/icons-material/LeaderboardOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MergeTypeOutlined from '@mui/icons-material/MergeTypeOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RedeemOutlined from '@mui/icons-material/RedeemOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { NotAvailableYet } from '../shared/components/NotAvailableYet';
import { AccountSettingsPage } from '../features/account/AccountSettingsPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { PasswordResetPage } from '../features/auth/PasswordResetPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';

export type LayoutKind = 'blank' | 'vertical';

/** Menu sections, in the order the navigation shows them (UI.md "Menu groups"). */
export const MENU_GROUPS = [
  { id: 'main', heading: null },
  { id: 'network', heading: 'Network' },
  { id: 'wallet', heading: 'Wallet' },
  { id: 'packages', heading: 'Packages' },
  { id: 'bonuses', heading: 'Bonuses' },
  { id: 'products', heading: 'Products' },
  { id: 'account', heading: 'Account' },
  { id: 'admin', heading: 'Admin' },
] as const;
export type MenuGroupId = (typeof MENU_GROUPS)[number]['id'];

export interface AppRoute {
  path: string;
  title: string;
  layout: LayoutKind;
  /** Needs a signed-in session (else → `/`). */
  auth: boolean;
  /** Admins only (others → `/dashboard`). */
  admin: boolean;
  /** Guest-only by flag; as in the original only /login acts on it (it ends the session). */
  guest?: boolean;
  /** Place in the navigation; absent = reachable by link only. */
  menu?: { group: MenuGroupId; label: string; icon: SvgIconComponent };
  page: ReactNode;
}

const NETWORK = 'the network area';
const WALLET = 'the wallet area';
const PACKAGES = 'the packages area';
const BONUSES = 'the bonuses area';
const PRODUCTS = 'the products area';
const ADMIN = 'the admin area';

const guest = (path: string, title: string, page: ReactNode): AppRoute => ({ path, title, layout: 'blank', auth: false, admin: false, guest: true, page });
const member = (path: string, title: string, page: ReactNode, menu?: AppRoute['menu']): AppRoute => ({ path, title, layout: 'vertical', auth: true, admin: false, menu, page });
const admin = (path: string, title: string, page: ReactNode, menu?: AppRoute['menu']): AppRoute => ({ path, title, layout: 'vertical', auth: true, admin: true, menu, page });

export const APP_ROUTES: AppRoute[] = [
  // Guest pages (blank layout).
  guest('/login', 'Login', <LoginPage />),
  guest('/register', 'Register', <RegisterPage />),
  guest('/forgot-password', 'Forgot Password', <ForgotPasswordPage />),
  guest('/password-reset', 'Reset Password', <PasswordResetPage />),

  // Members (and admins).
  member('/dashboard', 'Dashboard', <DashboardPage />, { group: 'main', label: 'Dashboard', icon: DashboardOutlined }),
  member('/referral-link', 'Referral Link', <NotAvailableYet area={NETWORK} />, { group: 'network', label: 'Referral link', icon: ShareOutlined }),
  member('/sponsor-tree', 'Sponsor Network', <NotAvailableYet area={NETWORK} />, { group: 'network', label: 'Sponsor network', icon: AccountTreeOutlined }),
  member('/member-network', 'Member Network', <NotAvailableYet area={NETWORK} />, { group: 'network', label: 'Member network', icon: HubOutlined }),
  member('/member-network2', 'Member Network 2', <NotAvailableYet area={NETWORK} />, { group: 'network', label: 'Member network 2', icon: TableRowsOutlined }),
  member('/placement', 'Placement', <NotAvailableYet area={NETWORK} />, { group: 'network', label: 'Placement', icon: PersonAddAltOutlined }),
  member('/wallet', 'Wallet', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Wallet', icon: AccountBalanceWalletOutlined }),
  member('/deposit', 'Deposit', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Deposit', icon: DownloadOutlined }),
  member('/deposit-address', 'Deposit Address', <NotAvailableYet area={WALLET} />),
  member('/deposit-history-member', 'Deposit History', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Deposit history', icon: HistoryOutlined }),
  member('/transfer', 'Transfer', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Transfer', icon: SwapHorizOutlined }),
  member('/transfer-sender-history', 'Transfers Sent', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Transfers sent', icon: CallMadeOutlined }),
  member('/transfer-Receiver-history', 'Transfers Received', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Transfers received', icon: CallReceivedOutlined }),
  member('/withdraw', 'Withdraw', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Withdraw', icon: UploadOutlined }),
  member('/withdraw-history', 'Withdraw History', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Withdraw history', icon: HistoryOutlined }),
  member('/convert', 'Point Conversion', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Point conversion', icon: CurrencyExchangeOutlined }),
  member('/convert-history', 'Conversion History', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Conversion history', icon: HistoryOutlined }),
  member('/total-income', 'Total Income', <NotAvailableYet area={WALLET} />, { group: 'wallet', label: 'Total income', icon: TrendingUpOutlined }),
  member('/purchase-package', 'Purchase Package', <NotAvailableYet area={PACKAGES} />, { group: 'packages', label: 'Purchase package', icon: ShoppingCartOutlined }),
  member('/repurchase', 'Repurchase', <NotAvailableYet area={PACKAGES} />),
  member('/repurchase-history', 'Repurchase History', <NotAvailableYet area={PACKAGES} />, { group: 'packages', label: 'Repurchase history', icon: HistoryOutlined }),
  member('/matching-bonus', 'Transaction Report', <NotAvailableYet area={BONUSES} />, { group: 'bonuses', label: 'Matching bonus', icon: CallSplitOutlined }),
  member('/referral-bonus', 'Bonus Report', <NotAvailableYet area={BONUSES} />, { group: 'bonuses', label: 'Referral bonus', icon: EmojiEventsOutlined }),
  member('/redeem-product', 'Redeem Product', <NotAvailableYet area={PRODUCTS} />, { group: 'products', label: 'Redeem product', icon: RedeemOutlined }),
  member('/redeem-history', 'Redemption History', <NotAvailableYet area={PRODUCTS} />, { group: 'products', label: 'Redemption history', icon: HistoryOutlined }),
  member('/account-settings', 'Account Settings', <AccountSettingsPage />, { group: 'account', label: 'Account settings', icon: ManageAccountsOutlined }),

  // Admins only (PRODUCT.md §12).
  admin('/admindashboard', 'Admin Dashboard', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Admin dashboard', icon: AdminPanelSettingsOutlined }),
  admin('/Users', 'Users Management', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Users', icon: PeopleOutlined }),
  admin('/Members', 'Members Management', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Members', icon: GroupsOutlined }),
  admin('/Transactions', 'Transactions List', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Transactions', icon: ReceiptLongOutlined }),
  admin('/withdraw-approval', 'Withdraw Approval', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Withdraw approval', icon: TaskAltOutlined }),
  admin('/withdraw-approval-history', 'Withdraw Approval History', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Withdraw approval history', icon: HistoryOutlined }),
  admin('/redemption-approval', 'Redemption Approval', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Redemption approval', icon: LocalShippingOutlined }),
  admin('/redemption-approval-history', 'Redemption Approval History', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Redemption approval history', icon: HistoryOutlined }),
  admin('/deposit-history', 'All Deposits', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Deposit history', icon: SavingsOutlined }),
  admin('/deposit-consolidate-history', 'Consolidation History', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Consolidation history', icon: MergeTypeOutlined }),
  admin('/bep20-wallets', 'BEP20 Wallets', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'BEP20 wallets', icon: AccountBalanceOutlined }),
  admin('/admin-matching-bonus', 'Matching Bonus Report', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Matching bonus report', icon: LeaderboardOutlined }),
  admin('/admin-referral-bonus', 'Referral Bonus Report', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Referral bonus report', icon: CardGiftcardOutlined }),
  admin('/admin/packages', 'Packages', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Packages', icon: Inventory2Outlined }),
  admin('/admin/products', 'Products', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Products', icon: StorefrontOutlined }),
  admin('/admin/settings', 'Plan Settings', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Settings', icon: TuneOutlined }),
  admin('/admin/audit-log', 'Audit Log', <NotAvailableYet area={ADMIN} />, { group: 'admin', label: 'Audit log', icon: PolicyOutlined }),
];
