/**
 * Who a request is (platform/http/guard.ts `authenticate` makes it): also what the
 * use cases that answer for a signed-in person take (network/viewer.ts,
 * dashboard/member.ts), so it lives below the HTTP layer.
 */
export interface Principal {
  userId: number;
  sessionId: string;
  role: 'admin' | 'member';
  isMember: boolean;
  /** A support view (admin-users/start-support-view.ts): the admin who sees the member's pages, read-only. */
  viewedBy?: number;
  /**
   * Set on a route whose own SQL statement checks the session (route config
   * `sessionCheckedInStatement`): the token is valid but the session, the
   * account's status and the membership are not checked yet. The handler
   * passes `sessionId` to that statement; any error answer checks first
   * (`confirmSession`, platform/http/guard.ts), so a refused session still answers 401/403 before
   * anything else, as on every other route.
   */
  sessionUnchecked?: true;
  /** With `sessionUnchecked`: the check `authenticate` skipped (throws 401/403). */
  checkSession?: () => Promise<void>;
}
