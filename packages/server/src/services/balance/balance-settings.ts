import { BALANCE_DEFAULTS, type BalanceConfig } from '@parley/schema';
import type { ParleyYaml } from '../../config/yaml-schema.ts';
import { PriceList } from './prices.ts';

/** The `balance` section resolved with the spec's defaults, and the price list in force. */
export interface BalanceSettings extends BalanceConfig {
  prices: PriceList;
  /** Completion tokens held for an answer before it is generated, unless the request caps output lower. */
  reserveCompletionTokens: number;
  /** Record spending in the transactions table (librechat's `transactions.enabled`; on by default). */
  recordTransactions: boolean;
}

/** Completion tokens reserved when the request sets no output cap (most answers are shorter). */
export const DEFAULT_RESERVED_COMPLETION_TOKENS = 1000;

export function balanceSettings(yaml: ParleyYaml): BalanceSettings {
  const b = yaml.balance ?? {};
  return {
    enabled: b.enabled ?? BALANCE_DEFAULTS.enabled,
    startBalance: b.startBalance ?? BALANCE_DEFAULTS.startBalance,
    autoRefillEnabled: b.autoRefillEnabled ?? BALANCE_DEFAULTS.autoRefillEnabled,
    refillIntervalValue: b.refillIntervalValue ?? BALANCE_DEFAULTS.refillIntervalValue,
    refillIntervalUnit: b.refillIntervalUnit ?? BALANCE_DEFAULTS.refillIntervalUnit,
    refillAmount: b.refillAmount ?? BALANCE_DEFAULTS.refillAmount,
    prices: new PriceList(b.prices),
    reserveCompletionTokens: b.reserveCompletionTokens ?? DEFAULT_RESERVED_COMPLETION_TOKENS,
    recordTransactions: yaml.transactions?.enabled ?? true,
  };
}

/** What `/api/config` tells the web app: the section with the spec's defaults, without prices. */
export function balanceConfig(yaml: ParleyYaml): BalanceConfig {
  const { enabled, startBalance, autoRefillEnabled, refillIntervalValue, refillIntervalUnit, refillAmount } =
    balanceSettings(yaml);
  return { enabled, startBalance, autoRefillEnabled, refillIntervalValue, refillIntervalUnit, refillAmount };
}
