/** Query keys of the subscription feature: one root, so a change refreshes every view of it. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  view: (subscriptionId: number) => ['subscriptions', subscriptionId, 'view'] as const,
  billable: (subscriptionId: number) => ['subscriptions', subscriptionId, 'billable'] as const,
  invoiced: (subscriptionId: number) => ['subscriptions', subscriptionId, 'invoiced'] as const,
  invoices: (subscriptionId: number) => ['subscriptions', subscriptionId, 'invoices'] as const,
  options: (tenantId: number, serial: string) =>
    ['subscriptions', 'options', tenantId, serial] as const,
  billingUser: (userId: number) => ['subscriptions', 'billing-user', userId] as const,
  cardInfo: (userId: number) => ['subscriptions', 'card-info', userId] as const,
};
