/** What the handover needs of a speaker: that it can be ended for good. */
export interface Disposable {
  dispose(): void;
}

/**
 * Keeps the answer speaker alive while the message box is mounted anew. On a new chat's first send
 * the desktop box moves from the centred greeting to the foot of the chat, so React unmounts it and
 * mounts a new one in the same commit. A speaker made by the new box would first see the answer
 * already half written and stay silent (only answers seen from their start are spoken), and the
 * conversation loop would stop. So the leaving box parks its speaker; a box mounted in the same
 * task takes it over; a speaker nobody takes by the next task is disposed (the chat was left, or
 * the voice settings turned speech off).
 */
export class SpeakerHandover<S extends Disposable> {
  private parked: { source: unknown; speaker: S; timer: ReturnType<typeof setTimeout> } | null = null;

  /** The box leaves: its speaker waits one task for a successor reading the same answers. */
  park(source: unknown, speaker: S): void {
    this.disposeParked();
    const timer = setTimeout(() => {
      if (this.parked?.speaker !== speaker) return;
      this.parked = null;
      speaker.dispose();
    }, 0);
    this.parked = { source, speaker, timer };
  }

  /** A box arrives: the parked speaker of the same answers, if any, is now its own. */
  take(source: unknown): S | null {
    const parked = this.parked;
    if (!parked || parked.source !== source) return null;
    clearTimeout(parked.timer);
    this.parked = null;
    return parked.speaker;
  }

  /** Speech is no longer wanted: a parked speaker ends now. */
  disposeParked(): void {
    const parked = this.parked;
    if (!parked) return;
    clearTimeout(parked.timer);
    this.parked = null;
    parked.speaker.dispose();
  }
}
