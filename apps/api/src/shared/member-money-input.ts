/** What a grouped money use case (a transfer, a purchase) takes from its route (platform/http/grouped-money-route.ts). */
export interface MemberMoneyInput<Body> {
  memberId: number;
  body: Body;
  idempotencyKey?: string;
  /** The request's session when the route left its check to the statement (one round trip fewer). */
  uncheckedSessionId?: string;
}
