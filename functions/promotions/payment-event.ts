import type { StoredPromotion } from './entities';

/** What a paid payment request offers a promotion's target and conditions. */
export interface PaymentEvent {
  paymentRequestId: string;
  amount: string;
  currency: string;
  merchantId: string;
  merchantAccountId: string;
  /** When it was paid. */
  at: string;
}

const FIELDS = ['amount', 'currency', 'merchantId', 'merchantAccountId'] as const;
type Field = (typeof FIELDS)[number];

/** The condition type that bounds a member's completions rather than judging a payment. */
export const PARTICIPATION_LIMIT = 'participation-limit';

/** How many times a member may complete the promotion, each completion rewarded: once unless it is repeatable. */
export function completionLimit(promotion: StoredPromotion): number {
  if (!promotion.repeatable) return 1;
  const limit = promotion.conditions.find((c) => c.type === PARTICIPATION_LIMIT);
  return limit ? Number(limit.value) : Number.POSITIVE_INFINITY;
}

/** Whether the payment falls within the promotion's dates and meets every one of its payment conditions. */
export function counts(promotion: StoredPromotion, event: PaymentEvent): boolean {
  if (promotion.startsAt && event.at < promotion.startsAt) return false;
  if (promotion.endsAt && event.at >= promotion.endsAt) return false;
  return promotion.conditions.every(({ type, field, operator, value }) => {
    if (type === PARTICIPATION_LIMIT) return true;
    if (!FIELDS.includes(field as Field)) return false;
    const actual = event[field as Field];
    switch (operator) {
      case 'equals':
        return actual === value;
      case 'not':
        return actual !== value;
      case 'in':
        return (value as string[]).includes(actual);
      case 'greater-than':
        return BigInt(actual) > BigInt(value as string);
      case 'less-than':
        return BigInt(actual) < BigInt(value as string);
      default:
        return false;
    }
  });
}

/**
 * How far the payment moves the target: one payment (a `count`, a draw's entry), or the field summed (a `sum`, a
 * `shared` target naming one).
 */
export function increment(promotion: StoredPromotion, event: PaymentEvent): number {
  const field = promotion.target?.type === 'count' ? undefined : promotion.target?.field;
  return field ? Number(event[field]) : 1;
}

/** A challenge's target (a draw has none: its payments are entries, count-payment.ts). */
export function targetOf(promotion: StoredPromotion): NonNullable<StoredPromotion['target']> {
  if (!promotion.target) throw new Error(`promotion ${promotion.id} has no target`);
  return promotion.target;
}
