/**
 * The advisory lock of the daily close: closes, their pays and an admin's
 * rank evaluation take it first, in their transaction, so they run one at a
 * time in any process (plan/close.ts, plan/pay.ts, ranks/evaluate.ts). Here,
 * not in plan/, because the ranks domain takes it too and plan calls ranks.
 */
export const PLAN_CLOSE_LOCK = 724_500;
