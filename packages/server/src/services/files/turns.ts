/**
 * Lets at most `max` pieces of heavy work (a document read, an OCR run: each a thread busy on a
 * core) run at once; the others wait their turn in the order they asked.
 */
export class Turns {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.max) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#running++;
    try {
      return await work();
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }
}
