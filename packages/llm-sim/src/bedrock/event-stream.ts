// AWS event-stream framing (`application/vnd.amazon.eventstream`): each event is a binary message
// with `:message-type`, `:event-type` (or `:exception-type`) and `:content-type` headers and a JSON
// body, encoded with Smithy's codec so CRCs and lengths are exactly what AWS clients expect.
import type { ServerResponse } from 'node:http';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { randomId } from '../ids.ts';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

function header(value: string) {
  return { type: 'string' as const, value };
}

export function eventFrame(eventType: string, payload: object): Uint8Array {
  return codec.encode({
    headers: {
      ':event-type': header(eventType),
      ':content-type': header('application/json'),
      ':message-type': header('event'),
    },
    body: fromUtf8(JSON.stringify(payload)),
  });
}

export function exceptionFrame(exceptionType: string, message: string): Uint8Array {
  return codec.encode({
    headers: {
      ':exception-type': header(exceptionType),
      ':content-type': header('application/json'),
      ':message-type': header('exception'),
    },
    body: fromUtf8(JSON.stringify({ message })),
  });
}

export function startEventStreamResponse(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'application/vnd.amazon.eventstream',
    'x-amzn-requestid': randomId('', 32),
  });
  res.flushHeaders();
}
