import { describe, expect, it } from 'vitest';
import { answerFiles } from './answer-files';

const file = (id: string, filename = `${id}.txt`) => ({
  file_id: id,
  filename,
  filepath: `/f/${id}`,
  type: 'text/plain',
});

describe('answerFiles', () => {
  it('lists the files of the attachments, not the memory notices nor malformed entries', () => {
    const memory = { type: 'memory', memory: { type: 'update', key: 'k', value: 'v' } };
    expect(answerFiles([file('a'), memory, null, 'x', { file_id: 3 }, file('b')], [])).toEqual([
      file('a'),
      file('b'),
    ]);
    expect(answerFiles(undefined, [])).toEqual([]);
    expect(answerFiles({ file_id: 'a' }, [])).toEqual([]);
  });

  it('leaves out pictures already shown as image parts, and a file announced twice', () => {
    const content = [{ type: 'image_file', image_file: { file_id: 'pic' } }];
    expect(answerFiles([file('pic', 'pic.png'), file('a'), file('a')], content)).toEqual([file('a')]);
  });
});
