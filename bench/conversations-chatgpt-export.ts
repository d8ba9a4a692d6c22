// A generated ChatGPT `conversations.json` of about 100 MB (fixed seed), cached under /tmp:
// conversations of alternating turns with occasional code, execution output, a system message
// and a regenerated (branched) answer, in ChatGPT's `mapping` tree shape.
import { createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { prng, vocabulary } from './conversations-data.ts';

export const EXPORT_PATH = '/tmp/parley-bench-chatgpt-100mb.json';
const TARGET_BYTES = 100 * 1024 * 1024;

function node(
  id: string,
  role: string,
  parent: string | null,
  children: string[],
  content: object,
  time: number,
) {
  return {
    id,
    message: {
      id,
      author: { role },
      content,
      create_time: time,
      status: 'finished_successfully',
      metadata: { model_slug: 'gpt-4o' },
    },
    parent,
    children,
  };
}

function conversation(index: number, random: () => number, words: string[]) {
  const text = (n: number) =>
    Array.from({ length: n }, () => words[Math.floor(Math.exp(random() * Math.log(words.length))) - 1]).join(
      ' ',
    );
  const start = 1_690_000_000 + index * 3_600;
  const turns = 20 + Math.floor(random() * 40);
  const mapping: Record<string, object> = {
    root: { id: 'root', message: null, parent: null, children: ['sys'] },
  };
  let parent = 'sys';
  mapping.sys = node('sys', 'system', 'root', [], { content_type: 'text', parts: [''] }, start);
  for (let t = 0; t < turns; t++) {
    const id = `m${t}`;
    const user = t % 2 === 0;
    const code = !user && random() < 0.1;
    const content = code
      ? { content_type: 'code', language: 'python', text: `print("${text(6)}")\n# ${text(20)}` }
      : { content_type: 'text', parts: [text(user ? 25 : 160)] };
    mapping[id] = node(id, user ? 'user' : 'assistant', parent, [], content, start + t * 30);
    (mapping[parent] as { children: string[] }).children.push(id);
    if (!user && random() < 0.05) {
      // A regenerated answer: a sibling branch.
      const alt = `${id}-alt`;
      mapping[alt] = node(
        alt,
        'assistant',
        parent,
        [],
        { content_type: 'text', parts: [text(120)] },
        start + t * 30 + 5,
      );
      (mapping[parent] as { children: string[] }).children.push(alt);
    }
    parent = id;
  }
  return {
    title: text(4),
    create_time: start,
    update_time: start + turns * 30,
    mapping,
    current_node: parent,
    default_model_slug: 'gpt-4o',
  };
}

/** Path of the cached export, generated on first use. */
export async function ensureChatGptExport(): Promise<string> {
  if (existsSync(EXPORT_PATH)) return EXPORT_PATH;
  const random = prng(77);
  const words = vocabulary();
  const partial = `${EXPORT_PATH}.part`;
  const out = createWriteStream(partial);
  let bytes = 0;
  const write = async (s: string) => {
    bytes += Buffer.byteLength(s);
    if (!out.write(s)) await once(out, 'drain');
  };
  await write('[');
  for (let i = 0; bytes < TARGET_BYTES; i++)
    await write((i ? ',\n' : '') + JSON.stringify(conversation(i, random, words)));
  await write(']');
  out.end();
  await once(out, 'finish');
  renameSync(partial, EXPORT_PATH);
  console.error(`# generated ${EXPORT_PATH}: ${Math.round(statSync(EXPORT_PATH).size / 1048576)} MB`);
  return EXPORT_PATH;
}
