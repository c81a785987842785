import { formatCost } from './format';

/** An operation's consideration as people read it: "1,500.50 USD". */
export const formatConsideration = (amount: string, currency: string | null | undefined): string =>
  `${formatCost(amount).replace('$', '')} ${currency ?? 'USD'}`;
