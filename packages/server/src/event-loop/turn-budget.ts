/**
 * How much of one turn of the event loop work that can wait may use: past the budget, it waits
 * for a later turn, so that timers, new connections and the other streams are served between.
 * Under a burst (a hundred agent runs started together), each database reply and each model
 * request starts a stretch of synchronous work; run back to back in one turn, they kept every
 * other request waiting for the sum of them.
 *
 * The turn's clock starts with the first question asked in it and stops in the check phase
 * (setImmediate), after the loop has handled the I/O that was ready.
 */
export class TurnBudget {
  readonly #budgetMs: number;
  readonly #now: () => number;
  #startedAt: number | null = null;

  constructor(budgetMs: number, now: () => number = () => performance.now()) {
    this.#budgetMs = budgetMs;
    this.#now = now;
  }

  /** Whether this turn's budget is used up (the clock starts now if nothing asked before). */
  spent(): boolean {
    if (this.#startedAt === null) {
      this.#startedAt = this.#now();
      setImmediate(() => (this.#startedAt = null));
      return false;
    }
    return this.#now() - this.#startedAt >= this.#budgetMs;
  }

  /** Resolves at once while this turn has budget left, otherwise in the first later turn that has. */
  async turn(): Promise<void> {
    while (this.spent()) await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The server's one budget: 5 ms of work that can wait per turn of its event loop. */
export const eventLoopBudget = new TurnBudget(5);
