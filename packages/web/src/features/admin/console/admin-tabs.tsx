import { lazy, type ComponentType } from 'react';

/** One tab of the administrators' console. */
export interface AdminTab {
  id: string;
  labelKey: string;
  component: ComponentType;
}

/** The console's tabs, in order; each loads on demand. */
export const adminTabs: AdminTab[] = [
  { id: 'usage', labelKey: 'com_admin_tab_usage', component: lazy(() => import('../usage/UsageTab')) },
  {
    id: 'budgets',
    labelKey: 'com_admin_tab_budgets',
    component: lazy(() => import('../budgets/BudgetsTab')),
  },
];
