/**
 * THE route table: every page of the portal, one entry each: path (exact,
 * case-sensitive, as the original wrote it), title, layout, sign-in and
 * admin flags, menu place, and the page. A new page is one entry here
 * (the browser tour in e2e/tour.spec.ts visits every entry).
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
import { PurchasePackagePage } from '../features/packages/PurchasePackagePage';
import { RepurchaseHistoryPage } from '../features/packages/RepurchaseHistoryPage';
import { BonusReport } from '../features/bonuses/BonusReports';
import { TotalIncomePage } from '../features/bonuses/TotalIncomePage';
import { AdminPackagesPage } from '../features/admin-packages/AdminPackagesPage';
import { AdminDashboardPage } from '../features/admin-dashboard/AdminDashboardPage';
import { AccountSettingsPage } from '../features/account/AccountSettingsPage';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { PasswordResetPage } from '../features/auth/PasswordResetPage';
import { RegisterPage } from '../features/auth/RegisterPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { DownlinePage } from '../features/network/DownlinePage';
import { MemberNetworkPage } from '../features/network/MemberNetworkPage';
import { PlacementPage } from '../features/network/PlacementPage';
import { ReferralLinkPage } from '../features/network/ReferralLinkPage';
import { SponsorTreePage } from '../features/network/SponsorTreePage';
import { WalletPage } from '../features/wallet/WalletPage';
import { TransferPage } from '../features/transfers/TransferPage';
import { TransferHistoryPage } from '../features/transfers/TransferHistoryPage';
import { ConvertPage } from '../features/conversions/ConvertPage';
import { ConversionHistoryPage } from '../features/conversions/ConversionHistoryPage';
import { UsersPage } from '../features/admin-users/UsersPage';
import { MembersPage } from '../features/admin-members/MembersPage';
import { MemberDetailPage } from '../features/admin-members/MemberDetailPage';
import { TransactionsPage } from '../features/admin-transactions/TransactionsPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { AuditLogPage } from '../features/audit-log/AuditLogPage';
import { RedeemProductPage } from '../features/products/RedeemProductPage';
import { RedemptionHistoryPage } from '../features/products/RedemptionHistoryPage';
import { RedemptionApprovalHistoryPage, RedemptionApprovalPage } from '../features/products/RedemptionApprovalPage';
import { AdminProductsPage } from '../features/products/AdminProductsPage';
import { DepositPage, DepositAddressCard } from '../features/deposits/DepositPage';
import { AdminDepositHistoryPage, MemberDepositHistoryPage } from '../features/deposits/DepositHistoryPages';
import { ConsolidationsPage } from '../features/deposits/ConsolidationsPage';
import { Bep20WalletsPage } from '../features/deposits/Bep20WalletsPage';
import { WithdrawPage } from '../features/withdrawals/WithdrawPage';
import { WithdrawApprovalPage, WithdrawHistoryPage } from '../features/withdrawals/WithdrawalLists';

export type LayoutKind = 'blank' | 'vertical';

/** Menu sections, in the order the navigation shows them (UI.md "Menu groups"). */
export const MENU_GROUPS = [
  { id: 'main', heading: null, adminOnly: false },
  { id: 'network', heading: 'Network', adminOnly: false },
  { id: 'wallet', heading: 'Wallet', adminOnly: false },
  { id: 'packages', heading: 'Packages', adminOnly: false },
  { id: 'bonuses', heading: 'Bonuses', adminOnly: false },
  { id: 'products', heading: 'Products', adminOnly: false },
  { id: 'account', heading: 'Account', adminOnly: false },
  // The Admin group, in sections so that its labels stay short.
  { id: 'admin', heading: 'Admin', adminOnly: true },
  { id: 'adminApprovals', heading: 'Approvals', adminOnly: true },
  { id: 'adminTreasury', heading: 'Deposits & treasury', adminOnly: true },
  { id: 'adminReports', heading: 'Bonus reports', adminOnly: true },
  { id: 'adminPlan', heading: 'Plan & catalogue', adminOnly: true },
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

const GUEST = { layout: 'blank', auth: false, admin: false, guest: true } as const;
const MEMBER = { layout: 'vertical', auth: true, admin: false } as const;
const ADMIN_ONLY = { layout: 'vertical', auth: true, admin: true } as const;

export const APP_ROUTES: AppRoute[] = [
  // Guest pages (blank layout).
  {
    path: '/login',
    title: 'Login',
    ...GUEST,
    page: <LoginPage />,
  },
  {
    path: '/register',
    title: 'Register',
    ...GUEST,
    page: <RegisterPage />,
  },
  {
    path: '/forgot-password',
    title: 'Forgot Password',
    ...GUEST,
    page: <ForgotPasswordPage />,
  },
  {
    path: '/password-reset',
    title: 'Reset Password',
    ...GUEST,
    page: <PasswordResetPage />,
  },

  // Members (and admins).
  {
    path: '/dashboard',
    title: 'Dashboard',
    ...MEMBER,
    menu: { group: 'main', label: 'Dashboard', icon: DashboardOutlined },
    page: <DashboardPage />,
  },
  {
    path: '/referral-link',
    title: 'Referral Link',
    ...MEMBER,
    menu: { group: 'network', label: 'Referral link', icon: ShareOutlined },
    page: <ReferralLinkPage />,
  },
  {
    path: '/sponsor-tree',
    title: 'Sponsor Network',
    ...MEMBER,
    menu: { group: 'network', label: 'Sponsor network', icon: AccountTreeOutlined },
    page: <SponsorTreePage />,
  },
  {
    path: '/member-network',
    title: 'Member Network',
    ...MEMBER,
    menu: { group: 'network', label: 'Member network', icon: HubOutlined },
    page: <MemberNetworkPage />,
  },
  {
    path: '/member-network2',
    title: 'Member Network 2',
    ...MEMBER,
    menu: { group: 'network', label: 'Member network 2', icon: TableRowsOutlined },
    page: <DownlinePage />,
  },
  {
    path: '/placement',
    title: 'Placement',
    ...MEMBER,
    menu: { group: 'network', label: 'Placement', icon: PersonAddAltOutlined },
    page: <PlacementPage />,
  },
  {
    path: '/wallet',
    title: 'Wallet',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Wallet', icon: AccountBalanceWalletOutlined },
    page: <WalletPage />,
  },
  {
    path: '/deposit',
    title: 'Deposit',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Deposit', icon: DownloadOutlined },
    page: <DepositPage />,
  },
  {
    path: '/deposit-address',
    title: 'Deposit Address',
    ...MEMBER,
    page: <DepositAddressCard />,
  },
  {
    path: '/deposit-history-member',
    title: 'Deposit History',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Deposit history', icon: HistoryOutlined },
    page: <MemberDepositHistoryPage />,
  },
  {
    path: '/transfer',
    title: 'Transfer',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Transfer', icon: SwapHorizOutlined },
    page: <TransferPage />,
  },
  {
    path: '/transfer-sender-history',
    title: 'Transfers Sent',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Transfers sent', icon: CallMadeOutlined },
    page: <TransferHistoryPage direction="sent" />,
  },
  {
    path: '/transfer-Receiver-history',
    title: 'Transfers Received',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Transfers received', icon: CallReceivedOutlined },
    page: <TransferHistoryPage direction="received" />,
  },
  {
    path: '/withdraw',
    title: 'Withdraw',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Withdraw', icon: UploadOutlined },
    page: <WithdrawPage />,
  },
  {
    path: '/withdraw-history',
    title: 'Withdraw History',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Withdraw history', icon: HistoryOutlined },
    page: <WithdrawHistoryPage />,
  },
  {
    path: '/convert',
    title: 'Point Conversion',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Point conversion', icon: CurrencyExchangeOutlined },
    page: <ConvertPage />,
  },
  {
    path: '/convert-history',
    title: 'Conversion History',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Conversion history', icon: HistoryOutlined },
    page: <ConversionHistoryPage />,
  },
  {
    path: '/total-income',
    title: 'Total Income',
    ...MEMBER,
    menu: { group: 'wallet', label: 'Total income', icon: TrendingUpOutlined },
    page: <TotalIncomePage />,
  },
  {
    path: '/purchase-package',
    title: 'Purchase Package',
    ...MEMBER,
    menu: { group: 'packages', label: 'Purchase package', icon: ShoppingCartOutlined },
    page: <PurchasePackagePage />,
  },
  {
    path: '/repurchase',
    title: 'Repurchase',
    ...MEMBER,
    page: <PurchasePackagePage repurchase />,
  },
  {
    path: '/repurchase-history',
    title: 'Repurchase History',
    ...MEMBER,
    menu: { group: 'packages', label: 'Repurchase history', icon: HistoryOutlined },
    page: <RepurchaseHistoryPage />,
  },
  {
    path: '/matching-bonus',
    title: 'Transaction Report',
    ...MEMBER,
    menu: { group: 'bonuses', label: 'Matching bonus', icon: CallSplitOutlined },
    page: <BonusReport type="matching" />,
  },
  {
    path: '/referral-bonus',
    title: 'Bonus Report',
    ...MEMBER,
    menu: { group: 'bonuses', label: 'Referral bonus', icon: EmojiEventsOutlined },
    page: <BonusReport type="referral" />,
  },
  {
    path: '/redeem-product',
    title: 'Redeem Product',
    ...MEMBER,
    menu: { group: 'products', label: 'Redeem product', icon: RedeemOutlined },
    page: <RedeemProductPage />,
  },
  {
    path: '/redeem-history',
    title: 'Redemption History',
    ...MEMBER,
    menu: { group: 'products', label: 'Redemption history', icon: HistoryOutlined },
    page: <RedemptionHistoryPage />,
  },
  {
    path: '/account-settings',
    title: 'Account Settings',
    ...MEMBER,
    menu: { group: 'account', label: 'Account settings', icon: ManageAccountsOutlined },
    page: <AccountSettingsPage />,
  },

  // Admins only (PRODUCT.md §12).
  {
    path: '/admindashboard',
    title: 'Admin Dashboard',
    ...ADMIN_ONLY,
    menu: { group: 'admin', label: 'Admin dashboard', icon: AdminPanelSettingsOutlined },
    page: <AdminDashboardPage />,
  },
  {
    path: '/Users',
    title: 'Users Management',
    ...ADMIN_ONLY,
    menu: { group: 'admin', label: 'Users', icon: PeopleOutlined },
    page: <UsersPage />,
  },
  {
    path: '/Members',
    title: 'Members Management',
    ...ADMIN_ONLY,
    menu: { group: 'admin', label: 'Members', icon: GroupsOutlined },
    page: <MembersPage />,
  },
  {
    path: '/Members/:id',
    title: 'Members Management',
    ...ADMIN_ONLY,
    page: <MemberDetailPage />,
  },
  {
    path: '/Transactions',
    title: 'Transactions List',
    ...ADMIN_ONLY,
    menu: { group: 'admin', label: 'Transactions', icon: ReceiptLongOutlined },
    page: <TransactionsPage />,
  },
  {
    path: '/withdraw-approval',
    title: 'Withdraw Approval',
    ...ADMIN_ONLY,
    menu: { group: 'adminApprovals', label: 'Pending withdrawals', icon: TaskAltOutlined },
    page: <WithdrawApprovalPage />,
  },
  {
    path: '/withdraw-approval-history',
    title: 'Withdraw Approval History',
    ...ADMIN_ONLY,
    menu: { group: 'adminApprovals', label: 'Withdrawal decisions', icon: HistoryOutlined },
    page: <WithdrawApprovalPage history />,
  },
  {
    path: '/redemption-approval',
    title: 'Redemption Approval',
    ...ADMIN_ONLY,
    menu: { group: 'adminApprovals', label: 'Pending redemptions', icon: LocalShippingOutlined },
    page: <RedemptionApprovalPage />,
  },
  {
    path: '/redemption-approval-history',
    title: 'Redemption Approval History',
    ...ADMIN_ONLY,
    menu: { group: 'adminApprovals', label: 'Redemption decisions', icon: HistoryOutlined },
    page: <RedemptionApprovalHistoryPage />,
  },
  {
    path: '/deposit-history',
    title: 'All Deposits',
    ...ADMIN_ONLY,
    menu: { group: 'adminTreasury', label: 'All deposits', icon: SavingsOutlined },
    page: <AdminDepositHistoryPage />,
  },
  {
    path: '/deposit-consolidate-history',
    title: 'Consolidation History',
    ...ADMIN_ONLY,
    menu: { group: 'adminTreasury', label: 'Consolidations', icon: MergeTypeOutlined },
    page: <ConsolidationsPage />,
  },
  {
    path: '/bep20-wallets',
    title: 'BEP20 Wallets',
    ...ADMIN_ONLY,
    menu: { group: 'adminTreasury', label: 'BEP20 wallets', icon: AccountBalanceOutlined },
    page: <Bep20WalletsPage />,
  },
  {
    path: '/admin-matching-bonus',
    title: 'Matching Bonus Report',
    ...ADMIN_ONLY,
    menu: { group: 'adminReports', label: 'All matching bonuses', icon: LeaderboardOutlined },
    page: <BonusReport type="matching" admin />,
  },
  {
    path: '/admin-referral-bonus',
    title: 'Referral Bonus Report',
    ...ADMIN_ONLY,
    menu: { group: 'adminReports', label: 'All referral bonuses', icon: CardGiftcardOutlined },
    page: <BonusReport type="referral" admin />,
  },
  {
    path: '/admin/packages',
    title: 'Packages',
    ...ADMIN_ONLY,
    menu: { group: 'adminPlan', label: 'Packages', icon: Inventory2Outlined },
    page: <AdminPackagesPage />,
  },
  {
    path: '/admin/products',
    title: 'Products',
    ...ADMIN_ONLY,
    menu: { group: 'adminPlan', label: 'Products', icon: StorefrontOutlined },
    page: <AdminProductsPage />,
  },
  {
    path: '/admin/settings',
    title: 'Plan Settings',
    ...ADMIN_ONLY,
    menu: { group: 'adminPlan', label: 'Settings', icon: TuneOutlined },
    page: <SettingsPage />,
  },
  {
    path: '/admin/audit-log',
    title: 'Audit Log',
    ...ADMIN_ONLY,
    menu: { group: 'adminPlan', label: 'Audit log', icon: PolicyOutlined },
    page: <AuditLogPage />,
  },
];
