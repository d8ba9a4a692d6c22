/**
 * One entry of a job's event log and live channel: `<kind><seq>:<json>`. The kind and sequence
 * number sit in front of the JSON so a subscriber routes an entry without parsing it.
 *
 * - `i` job init (response id, request message, content a continued answer starts from); not sent
 * - `m` an `event: message` (created, step events)
 * - `f` the final `event: message`; ends the stream
 * - `e` an `event: error`; ends the stream
 * - `a` an `event: attachment` (a file a tool made for the answer)
 */
export type EntryKind = 'i' | 'm' | 'f' | 'e' | 'a';

export interface JobEntry {
  kind: EntryKind;
  seq: number;
  json: string;
}

export function encodeEntry(kind: EntryKind, seq: number, json: string): string {
  return `${kind}${seq}:${json}`;
}

export function decodeEntry(entry: string): JobEntry | null {
  const colon = entry.indexOf(':');
  const kind = entry[0] as EntryKind;
  const seq = Number(entry.slice(1, colon));
  if (colon < 2 || !'imfea'.includes(kind) || !Number.isInteger(seq)) return null;
  return { kind, seq, json: entry.slice(colon + 1) };
}

export const isTerminal = (kind: EntryKind) => kind === 'f' || kind === 'e';
