export interface SseEvent {
  /** `message` unless the server named it (`error`, `attachment`). */
  event: string;
  data: string;
}

/**
 * Incremental server-sent-events parser: feed it decoded text as it arrives, it calls back once
 * per complete event. Comment lines (`: ping`) and events without data are skipped.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let name = 'message';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: name, data: data.join('\n') });
    name = 'message';
    data = [];
  };

  const line = (raw: string) => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value || 'message';
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        line(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
    },
    /** The stream ended: a last event without its blank line still counts. */
    end() {
      if (buffer) line(buffer);
      buffer = '';
      dispatch();
    },
  };
}
