/** The server refused the stream before it began (validation, limits): its body as text. */
export class StreamRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`stream refused with status ${status}`);
  }
}
