import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BalanceOutlined from '@mui/icons-material/BalanceOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
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
import MilitaryTechOutlined from '@mui/icons-material/MilitaryTechOutlined';
import MergeTypeOutlined from '@mui/icons-material/MergeTypeOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PolicyOutlined from '@mui/icons-material/PolicyOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RedeemOutlined from '@mui/icons-material/RedeemOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';

/**
 * The menu's icons, named by the pages' entries (`features/<feature>/routes.tsx`,
 * `menu.icon`). The route table is part of every page's first download, the
 * sign-in page's too; the icons are drawn only by the signed-in menu and the
 * dashboard, so they are imported here and load with those
 * (docs/decisions/0023-a-light-sign-in-page.md).
 */
export const MENU_ICONS = {
  AccountBalanceOutlined,
  AccountBalanceWalletOutlined,
  AccountTreeOutlined,
  AdminPanelSettingsOutlined,
  BadgeOutlined,
  BalanceOutlined,
  BlockOutlined,
  CallMadeOutlined,
  CallReceivedOutlined,
  CallSplitOutlined,
  CardGiftcardOutlined,
  CurrencyExchangeOutlined,
  DashboardOutlined,
  DownloadOutlined,
  EmojiEventsOutlined,
  GroupsOutlined,
  HistoryOutlined,
  HubOutlined,
  Inventory2Outlined,
  LeaderboardOutlined,
  LocalShippingOutlined,
  ManageAccountsOutlined,
  MergeTypeOutlined,
  MilitaryTechOutlined,
  PeopleOutlined,
  PersonAddAltOutlined,
  PolicyOutlined,
  QueryStatsOutlined,
  ReceiptLongOutlined,
  RedeemOutlined,
  SavingsOutlined,
  ScienceOutlined,
  ShareOutlined,
  ShoppingCartOutlined,
  StorefrontOutlined,
  SwapHorizOutlined,
  TableRowsOutlined,
  TaskAltOutlined,
  TrendingUpOutlined,
  TuneOutlined,
  UploadOutlined,
  WebhookOutlined,
  WorkspacePremiumOutlined,
} satisfies Record<string, SvgIconComponent>;

export type MenuIconName = keyof typeof MENU_ICONS;
