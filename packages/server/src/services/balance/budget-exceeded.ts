import { AppError } from '../../errors/app-error.ts';

/** The refusal of a call past an administrator's budget: like the balance's, with the reset date. */
export class BudgetExceededError extends AppError {
  constructor(scope: 'user' | 'key', resetsAt: Date) {
    const whose = scope === 'key' ? 'This API key' : 'Your account';
    super(
      'budget_exceeded',
      `${whose} has reached its usage budget. It resets on ${resetsAt.toISOString().slice(0, 10)} (${resetsAt.toISOString()}).`,
      { type: 'budget_exceeded', resetsAt: resetsAt.toISOString() },
    );
    this.name = 'BudgetExceededError';
  }
}
