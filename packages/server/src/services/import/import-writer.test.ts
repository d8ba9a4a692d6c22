import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { ImportWriter } from './import-writer.ts';

/** A database whose every insert is refused the way PostgreSQL refuses a value it cannot store. */
const refusingDb = (code: string) =>
  ({
    insert: () => ({
      values: () => Promise.reject(Object.assign(new Error('unsupported Unicode escape sequence'), { code })),
    }),
  }) as unknown as Database;

describe('ImportWriter', () => {
  it('turns a database refusal of the data into a 400 naming the conversation', async () => {
    const writer = new ImportWriter(refusingDb('22P05'), 'u1', 'i1');
    const error = await writer.startConversation({ title: 'Holiday plans' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'bad_request', // answered 400 by the HTTP layer's one status map
      message: expect.stringMatching(
        /conversation 1 \("Holiday plans"\) could not be imported: unsupported Unicode/,
      ),
    });
  });

  it('leaves other failures as they are (a 500)', async () => {
    const writer = new ImportWriter(refusingDb('57P01'), 'u1', 'i1');
    const error = await writer.startConversation({ title: 'x' }).catch((e: unknown) => e);
    expect(error).not.toHaveProperty('code', 'bad_request');
    expect(error).toHaveProperty('code', '57P01');
  });
});
