import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AdminTab {
  /** The address segment: /admin/<id>. */
  id: string;
  /** The tab's name, a key of the console's strings. */
  labelKey: string;
  component: LazyExoticComponent<ComponentType>;
}

/**
 * The console's tabs, in the order shown; the first is where /admin opens. Each tab's code loads
 * when it is first opened. Add a tab by adding an entry here.
 */
export const ADMIN_TABS: AdminTab[] = [
  { id: 'users', labelKey: 'console.tab_users', component: lazy(() => import('./users-tab')) },
  { id: 'usage', labelKey: 'console.tab_usage', component: lazy(() => import('../usage/UsageTab')) },
  { id: 'budgets', labelKey: 'console.tab_budgets', component: lazy(() => import('../budgets/BudgetsTab')) },
  { id: 'audit', labelKey: 'console.tab_audit', component: lazy(() => import('./audit-tab')) },
  { id: 'banners', labelKey: 'console.tab_banners', component: lazy(() => import('./banners-tab')) },
  { id: 'api-keys', labelKey: 'console.tab_api_keys', component: lazy(() => import('./api-keys-tab')) },
  { id: 'config', labelKey: 'console.tab_config', component: lazy(() => import('./config-tab')) },
];
