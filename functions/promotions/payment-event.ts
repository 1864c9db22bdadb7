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

/** Whether the payment falls within the promotion's dates and meets every one of its conditions. */
export function counts(promotion: StoredPromotion, event: PaymentEvent): boolean {
  if (promotion.startsAt && event.at < promotion.startsAt) return false;
  if (promotion.endsAt && event.at >= promotion.endsAt) return false;
  return promotion.conditions.every(({ field, operator, value }) => {
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

/** How far the payment moves the member toward the target: one payment, or its amount. */
export const increment = (promotion: StoredPromotion, event: PaymentEvent): number =>
  promotion.target.type === 'count' ? 1 : Number(event[promotion.target.field ?? 'amount']);
