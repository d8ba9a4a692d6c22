import { eventLoopBudget, type TurnBudget } from './turn-budget.ts';

/**
 * Hands items (the embedded database's replies) to `settle` in arrival order, within the event
 * loop's turn budget (see TurnBudget).
 *
 * Why: the database thread answers many statements while the event loop is busy, and Node.js
 * delivers every reply that has queued up in one turn. Settling a reply runs the code that
 * awaited it (building the next statement, calling the model, writing to the client) up to its
 * next await, so a burst of a hundred replies ran a hundred requests' work back to back. Here the
 * replies left when the turn's budget is spent are settled in later turns.
 *
 * The budget is checked once the follow-up of the last settled reply has run to its next await: a
 * microtask queued behind it schedules a process.nextTick, and Node.js runs next-tick callbacks
 * only after the whole microtask queue has drained. A turn can overrun by one reply's work.
 */
export class PacedSettler<T> {
  readonly #settle: (item: T) => void;
  readonly #budget: TurnBudget;
  #queue: T[] = [];
  #head = 0;
  #running = false;

  constructor(settle: (item: T) => void, budget: TurnBudget = eventLoopBudget) {
    this.#settle = settle;
    this.#budget = budget;
  }

  /** Queues `items`; settling starts at once unless a run is already under way. */
  push(items: readonly T[]): void {
    for (const item of items) this.#queue.push(item);
    if (!this.#running) this.#run();
  }

  /** Items received and not settled yet. */
  get waiting(): number {
    return this.#queue.length - this.#head;
  }

  #run(): void {
    this.#running = true;
    const next = (): void => {
      if (this.#head === this.#queue.length) {
        this.#queue = [];
        this.#head = 0;
        this.#running = false;
        return;
      }
      if (this.#budget.spent()) {
        setImmediate(next);
        return;
      }
      const item = this.#queue[this.#head]!;
      this.#queue[this.#head++] = undefined as T;
      try {
        this.#settle(item);
      } finally {
        queueMicrotask(() => process.nextTick(next));
      }
    };
    next();
  }
}
