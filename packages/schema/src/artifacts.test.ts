import { describe, expect, it } from 'vitest';
import { artifactEditSchema } from './artifact-schemas.ts';
import { artifactFileName, findArtifacts, replaceArtifactContent, splitArtifacts } from './artifacts.ts';

const REACT = [
  'Here is the app:',
  '',
  ':::artifact{identifier="todo-app" type="application/vnd.react" title="Todo app"}',
  '```tsx',
  'export default function App() {',
  '  return <div>hi</div>;',
  '}',
  '```',
  ':::',
  '',
  'Enjoy.',
].join('\n');

describe('findArtifacts', () => {
  it('reads a complete block: attributes, language and code', () => {
    const [a] = findArtifacts(REACT);
    expect(a).toMatchObject({
      identifier: 'todo-app',
      type: 'application/vnd.react',
      title: 'Todo app',
      language: 'tsx',
      complete: true,
      content: 'export default function App() {\n  return <div>hi</div>;\n}',
    });
    expect(REACT.slice(a!.contentStart, a!.contentEnd)).toBe(a!.content);
    expect(REACT.slice(a!.start, a!.end)).toMatch(/^:::artifact[\s\S]*:::\n$/);
  });

  it('returns nothing for text without artifacts, and ignores a directive inside a line', () => {
    expect(findArtifacts('plain text')).toEqual([]);
    expect(findArtifacts('say :::artifact{type="text/html"} inline')).toEqual([]);
  });

  it('reads an artifact that is still streaming, without the half-written closing fence', () => {
    const partial = REACT.slice(0, REACT.indexOf('```\n:::') + 2);
    const [a] = findArtifacts(partial);
    expect(a!.complete).toBe(false);
    expect(a!.content).toBe('export default function App() {\n  return <div>hi</div>;\n}');
    const justOpened = findArtifacts(':::artifact{identifier="x" type="text/html" title="X"}\n```html\n<p');
    expect(justOpened[0]).toMatchObject({ complete: false, content: '<p', language: 'html' });
  });

  it('reads an opening line alone (the content has not started yet)', () => {
    const [a] = findArtifacts(':::artifact{identifier="x" type="text/html" title="X"}');
    expect(a).toMatchObject({ complete: false, content: '', identifier: 'x' });
  });

  it('uses the defaults for missing attributes and accepts single quotes and bare values', () => {
    const [a] = findArtifacts(':::artifact\nhello\n:::');
    expect(a).toMatchObject({
      identifier: 'no-identifier',
      type: 'unknown',
      title: 'untitled',
      content: 'hello',
      complete: true,
    });
    const [b] = findArtifacts(":::artifact{identifier='b' type=text/markdown title='A title'}\n# Hi\n:::");
    expect(b).toMatchObject({ identifier: 'b', type: 'text/markdown', title: 'A title', content: '# Hi' });
  });

  it('keeps code fences inside a markdown artifact', () => {
    const text =
      ':::artifact{identifier="doc" type="text/markdown" title="Doc"}\n```markdown\n# T\n```js\nx()\n```\nend\n```\n:::';
    expect(findArtifacts(text)[0]!.content).toBe('# T\n```js\nx()\n```\nend');
  });

  it('finds several artifacts in order', () => {
    const two = `${REACT}\n\n:::artifact{identifier="d" type="application/vnd.mermaid" title="D"}\n\`\`\`mermaid\ngraph TD; A-->B\n\`\`\`\n:::`;
    expect(findArtifacts(two).map((a) => a.identifier)).toEqual(['todo-app', 'd']);
  });

  it('handles CRLF line ends', () => {
    const [a] = findArtifacts(
      ':::artifact{identifier="w" type="text/html" title="W"}\r\n```html\r\n<b>x</b>\r\n```\r\n:::\r\n',
    );
    expect(a).toMatchObject({ complete: true, language: 'html' });
    expect(a!.content.replace(/\r/g, '')).toBe('<b>x</b>');
  });
});

describe('splitArtifacts', () => {
  it('cuts the text around each block', () => {
    const segments = splitArtifacts(REACT);
    expect(segments.map((s) => s.kind)).toEqual(['text', 'artifact', 'text']);
    expect(segments[0]).toEqual({ kind: 'text', text: 'Here is the app:\n\n' });
    expect(segments[2]).toEqual({ kind: 'text', text: '\nEnjoy.' });
  });
});

describe('replaceArtifactContent', () => {
  it('replaces only the artifact code', () => {
    const [a] = findArtifacts(REACT);
    const result = replaceArtifactContent(REACT, 0, `${a!.content}\n`, 'export default () => null;');
    expect(result).toEqual({ ok: true, text: REACT.replace(a!.content, 'export default () => null;') });
  });

  it('refuses an index without an artifact and an original that does not match', () => {
    expect(replaceArtifactContent(REACT, 1, 'x', 'y')).toEqual({ ok: false, reason: 'index' });
    expect(replaceArtifactContent(REACT, 0, 'something else', 'y')).toEqual({
      ok: false,
      reason: 'original',
    });
    expect(replaceArtifactContent('no artifacts', 0, '', 'y')).toEqual({ ok: false, reason: 'index' });
  });
});

describe('artifactEditSchema and file names', () => {
  it('refuses bad edits', () => {
    expect(artifactEditSchema.safeParse({ index: -1, original: 'a', updated: 'b' }).success).toBe(false);
    expect(artifactEditSchema.safeParse({ index: 1.5, original: 'a', updated: 'b' }).success).toBe(false);
    expect(artifactEditSchema.safeParse({ index: 0, original: 1, updated: 'b' }).success).toBe(false);
    expect(artifactEditSchema.safeParse({ index: 0, original: 'a' }).success).toBe(false);
    expect(artifactEditSchema.safeParse({ index: 0, original: 'a', updated: 'b' }).success).toBe(true);
  });

  it('names downloads by title and type, never with path characters', () => {
    expect(artifactFileName({ title: '../../etc/passwd', type: 'text/html', language: 'html' })).toBe(
      'etc_passwd.html',
    );
    expect(artifactFileName({ title: 'Todo app', type: 'application/vnd.react', language: 'tsx' })).toBe(
      'Todo_app.tsx',
    );
    expect(artifactFileName({ title: '', type: 'weird', language: '' })).toBe('artifact.txt');
  });

  it('names an untitled React artifact App.tsx and an untitled page index.html', () => {
    expect(artifactFileName({ title: 'untitled', type: 'application/vnd.react', language: 'tsx' })).toBe(
      'App.tsx',
    );
    expect(artifactFileName({ title: '', type: 'application/vnd.react', language: 'jsx' })).toBe('App.jsx');
    expect(artifactFileName({ title: 'untitled', type: 'text/html', language: 'html' })).toBe('index.html');
    expect(artifactFileName({ title: ' ', type: 'application/vnd.code-html', language: 'html' })).toBe(
      'index.html',
    );
    // A diagram keeps its own source extension: its text is mermaid, not a React file.
    expect(artifactFileName({ title: 'untitled', type: 'application/vnd.mermaid', language: '' })).toBe(
      'untitled.mmd',
    );
  });
});
