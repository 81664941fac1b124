/**
 * Every error code the API answers, with the statuses it comes with. The
 * OpenAPI document lists them under each error response, and the API tests
 * check every error they meet against this list (an unlisted code, or a
 * listed one with another status, fails the test that met it); the web app
 * switches on the same typed list. Add a code here when a service throws a new one.
 */
export const apiErrorCodes = {
  // Any request
  VALIDATION_ERROR: [400],
  BAD_REQUEST: [400],
  FST_ERR_CTP_INVALID_JSON_BODY: [400],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400],
  FST_ERR_CTP_BODY_TOO_LARGE: [413],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415],
  NOT_FOUND: [404],
  METHOD_NOT_ALLOWED: [405],
  // Refused by Node's HTTP parser before routing (shared/error-handler.ts `clientErrorHandler`).
  REQUEST_TIMEOUT: [408],
  HEADERS_TOO_LARGE: [431],
  INTERNAL_ERROR: [500],
  DATABASE_UNAVAILABLE: [503],
  PAGE_TOO_DEEP: [400],
  // Sign-in and sessions
  CREDENTIALS_REQUIRED: [400],
  CREDENTIALS_TOO_LONG: [400],
  PASSWORD_TOO_COMMON: [400],
  RESET_TOKEN_INVALID: [400],
  AUTH_REQUIRED: [401],
  INVALID_CREDENTIALS: [401],
  REFRESH_TOKEN_INVALID: [401],
  SESSION_ENDED: [401],
  TOKEN_INVALID: [401],
  ACCOUNT_BLOCKED: [403],
  LOGIN_LOCKED: [429],
  PASSWORD_CHECKS_LOCKED: [429],
  REGISTRATION_LIMITED: [429],
  SPONSOR_LOOKUPS_LIMITED: [429],
  CURRENT_PASSWORD_WRONG: [422],
  SESSION_NOT_FOUND: [404],
  // A support view (an admin seeing a member's pages) writes nothing: apps/api/src/platform/http/guard.ts.
  READ_ONLY_SESSION: [403],
  NOT_A_SUPPORT_VIEW: [422],
  CANNOT_VIEW_ADMIN: [422],
  // Who may call what
  ADMIN_ONLY: [403],
  // An admin acting on a withdrawal, redemption or wallet of their own (docs/decisions/0050-no-admin-acts-on-their-own-money.md).
  OWN_MONEY: [403],
  NOT_A_MEMBER: [403, 422],
  CANNOT_CHANGE_SELF: [422],
  ROOT_ACCOUNT: [422],
  USER_BLOCKED: [422],
  // Accounts and the network
  USERNAME_TAKEN: [409],
  EMAIL_TAKEN: [409],
  USER_NOT_FOUND: [404],
  MEMBER_NOT_FOUND: [404],
  NOT_IN_NETWORK: [404],
  NOT_PLACED: [404],
  PARENT_NOT_FOUND: [404],
  REFERRAL_NOT_FOUND: [404],
  ALREADY_PLACED: [409],
  PLACEMENT_BUSY: [409],
  SLOT_TAKEN: [409],
  PLACEMENT_TOO_DEEP: [422],
  SPONSOR_BLOCKED: [422],
  SPONSOR_NOT_FOUND: [422],
  SPONSOR_NOT_PLACED: [422],
  // Money
  IDEMPOTENCY_KEY_IN_USE: [409],
  IDEMPOTENCY_KEY_REUSED: [422],
  AMOUNT_TOO_SMALL: [422],
  BELOW_MINIMUM: [422],
  INSUFFICIENT_BALANCE: [422],
  RECEIVER_BLOCKED: [422],
  RECEIVER_IS_ROOT: [422],
  RECEIVER_NOT_FOUND: [422],
  TRANSFER_TO_SELF: [422],
  // Packages and the plan
  PACKAGE_NAME_TAKEN: [409],
  PACKAGE_NOT_FOUND: [404],
  PACKAGE_INACTIVE: [422],
  CLOSE_IN_FUTURE: [422],
  CLOSE_OUT_OF_ORDER: [422],
  CLOSE_AWAITING_REVIEW: [409],
  CLOSE_NOT_FOUND: [404],
  // The published income disclosure (apps/api/src/bonuses/read-published-income-disclosure.ts)
  INCOME_DISCLOSURE_YEAR_OUT_OF_RANGE: [422],
  // Cancellations and refunds (apps/api/src/refunds)
  PURCHASE_NOT_FOUND: [404],
  PURCHASE_ALREADY_REFUNDED: [409],
  REFUND_ALREADY_ASKED: [409],
  CANCELLATION_WINDOW_CLOSED: [422],
  // Ranks (apps/api/src/ranks)
  RANK_NOT_FOUND: [404],
  RANK_NAME_TAKEN: [409],
  RANK_REQUIREMENT_INVALID: [422],
  RANK_ORDER_INVALID: [422],
  // Monthly statements (apps/api/src/statements/month.ts)
  STATEMENT_MONTH_IN_FUTURE: [422],
  STATEMENT_BEFORE_JOINING: [404],
  // Products, pictures and redemptions
  IMAGE_REQUIRED: [400],
  UPLOAD_INVALID: [400],
  IMAGE_TOO_LARGE: [413],
  MULTIPART_REQUIRED: [415],
  IMAGE_ANIMATED: [422],
  IMAGE_EMPTY: [422],
  IMAGE_INVALID: [422],
  IMAGE_TOO_MANY_PIXELS: [422],
  IMAGE_UNREADABLE: [422],
  MEDIA_NOT_FOUND: [404],
  // Identity checks (apps/api/src/kyc/): a withdrawal that needs an approved one, the review queue.
  IDENTITY_CHECK_REQUIRED: [422],
  IDENTITY_ALREADY_APPROVED: [409],
  IDENTITY_CHECK_NOT_FOUND: [404],
  IDENTITY_CHECK_NOT_PENDING: [409],
  IDENTITY_DOCUMENT_NOT_FOUND: [404],
  PRODUCT_NOT_FOUND: [404],
  PRODUCT_NAME_TAKEN: [409],
  PRODUCT_INACTIVE: [422],
  OUT_OF_STOCK: [422],
  REDEMPTION_NOT_FOUND: [404],
  REDEMPTION_ALREADY_DECIDED: [409],
  // The proof of reserves (apps/api/src/reserves/)
  RESERVES_NO_MEMBERS: [409],
  // Deposits and the chain
  CHAIN_UNAVAILABLE: [503],
  CONSOLIDATION_UNAVAILABLE: [503],
  CONSOLIDATION_RUNNING: [409],
  // A signing action asked of a web process that no jobs process took (apps/api/src/signing/hand-off.ts).
  SIGNER_UNAVAILABLE: [503],
  // A deposit recovered by its transaction hash (apps/api/src/deposits/recover-deposit.ts).
  TRANSACTION_NOT_MINED: [422],
  NO_TOKEN_TRANSFER: [422],
  NOT_A_DEPOSIT_ADDRESS: [422],
  // An admin's rescan of a block range (apps/api/src/deposits/rescan/).
  RESCAN_RANGE_INVALID: [422],
  RESCAN_RANGE_TOO_LARGE: [422],
  RESCAN_NOT_FINAL: [422],
  RESCAN_RUNNING: [409],
  RESCAN_NOT_FOUND: [404],
  RESCAN_NOT_RUNNING: [409],
  // The plan simulator
  SIMULATION_PERIOD_IN_FUTURE: [422],
  SIMULATION_PACKAGE_UNKNOWN: [422],
  SIMULATION_RANK_UNKNOWN: [422],
  SIMULATION_RUNNING: [409],
  SIMULATION_NOT_FOUND: [404],
  SIMULATION_NOT_RUNNING: [409],
  TREASURY_COLD: [409],
  TREASURY_SHORT: [422],
  // Two-factor sign-in and withdrawals
  TOTP_REQUIRED: [401, 422],
  TOTP_INVALID: [401, 422],
  TOTP_REUSED: [401, 422],
  TWO_FACTOR_REQUIRED: [403, 422],
  SECOND_FACTOR_LOCKED: [429],
  TWO_FACTOR_KEY_MISMATCH: [503],
  TWO_FACTOR_ALREADY_ENABLED: [409],
  TWO_FACTOR_NOT_SET_UP: [409],
  TWO_FACTOR_NOT_ENABLED: [409],
  ADDRESS_MALFORMED: [400],
  ADDRESS_CHECKSUM: [400],
  AMOUNT_TOO_PRECISE: [400],
  ADDRESS_ZERO: [422],
  ADDRESS_IS_TOKEN: [422],
  ADDRESS_IS_PLATFORM: [422],
  ADDRESS_ON_HOLD: [422],
  ADDRESS_ALREADY_SAVED: [409],
  ADDRESS_NOT_FOUND: [404],
  WITHDRAWAL_PENDING: [409],
  WITHDRAWAL_NOT_FOUND: [404],
  WITHDRAWAL_NOT_PENDING: [409],
  WITHDRAWAL_NOT_FAILED: [409],
  WITHDRAWAL_ABOVE_MAXIMUM: [422],
  WITHDRAWAL_DAILY_LIMIT: [422],
  SECOND_APPROVAL_SAME_ADMIN: [409],
  PAYOUT_MAY_STILL_LAND: [409],
  PAYOUTS_NOT_CONFIGURED: [409],
  // Address screening
  ADDRESS_BLOCKED: [422],
  SCREENING_ALREADY_LISTED: [409],
  SCREENING_NOT_FOUND: [404],
  SCREENING_FROM_FILE: [409],
  DEPOSIT_NOT_FOUND: [404],
  DEPOSIT_NOT_HELD: [409],
  // Pending changes (four eyes and a delay) and going live
  CHANGE_NOT_FOUND: [404],
  CHANGE_NOT_PENDING: [409],
  CHANGE_OWN_PROPOSAL: [403],
  CHANGE_CONFIRMED_ALREADY: [409],
  CHANGE_PENDING_ALREADY: [409],
  PORTAL_LIVE_ALREADY: [409],
  // Webhooks to the operator's systems (apps/api/src/webhooks/)
  WEBHOOK_NOT_FOUND: [404],
  WEBHOOK_DELIVERY_NOT_FOUND: [404],
  WEBHOOK_URL_INVALID: [422],
  WEBHOOK_URL_PRIVATE: [422],
  WEBHOOK_URL_UNRESOLVED: [422],
  WEBHOOK_DISABLED: [409],
  // Notifications by mail (apps/api/src/notifications/mail/): an unsubscribe link altered, cut short, or of no account.
  UNSUBSCRIBE_LINK_INVALID: [400],
} as const satisfies Record<string, readonly number[]>;

export type ApiErrorCode = keyof typeof apiErrorCodes;

/** The codes that may come with `status`, for the documentation of that answer. */
export function errorCodesFor(status: number): string[] {
  return Object.entries(apiErrorCodes)
    .filter(([, statuses]) => (statuses as readonly number[]).includes(status))
    .map(([code]) => code);
}
