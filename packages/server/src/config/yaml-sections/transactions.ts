import { z } from 'zod';
import { implemented } from './section.ts';

/** `transactions`: whether each answer's charges are recorded (on by default; balances need them off rarely). */
export const transactionsSection = implemented(z.strictObject({ enabled: z.boolean().optional() }));
