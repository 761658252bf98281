import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { BillingPlanOption } from '@monitor/contract/subscriptions';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Brand } from '@monitor/domain/shared/brands';
import { BrandContext } from '../../../lib/brand-context';
import { ErrorModalProvider } from '../../../components/ui/error-modal';
import { BRANDS_ANSWER } from '../../../test/fixtures';

/** Renders one billing piece inside the providers it needs (Mantine, queries, the 'Error!' modal, a brand). */
export function renderBilling(element: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ErrorModalProvider>
          <BrandContext value={BRANDS_ANSWER.brands[0] as Brand}>{element}</BrandContext>
        </ErrorModalProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, user, queryClient };
}

/** Tenant 1's plans as GET /api/subscriptions/options answers them (Monthly first, Annual last). */
export const PLAN_OPTIONS: BillingPlanOption[] = [
  {
    Id: 1,
    PlanType: 'Monthly',
    BillingAmount: '9.95',
    BillingFrequency: 1,
    Selectable: true,
    SubTotal: '9.95',
    FreeMonths: 0,
  },
  {
    Id: 2,
    PlanType: 'Seasonal',
    BillingAmount: '9.95',
    BillingFrequency: 6,
    Selectable: true,
    SubTotal: '59.70',
    FreeMonths: 0,
  },
  {
    Id: 3,
    PlanType: 'Annual',
    BillingAmount: '8.25',
    BillingFrequency: 12,
    Selectable: true,
    SubTotal: '99.00',
    FreeMonths: 0,
  },
];
