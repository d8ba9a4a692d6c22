// `artifact`: answers with one sentence and a small self-contained web page written as an artifact
// (the `:::artifact{…}` block Parley's artifacts instructions teach), so the artifact panel and its
// preview can be shown and tested offline. The page's heading is the last user message.
import { lastUserText } from '../conversation.ts';
import { textScript, type Behaviour } from './behaviour.ts';

export const ARTIFACT_IDENTIFIER = 'click-counter';

/** The page: a heading and a button counting its clicks, with no network use. */
export function artifactPage(heading: string): string {
  const safe = heading.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return [
    '<!doctype html>',
    '<html><body style="font-family: system-ui; padding: 2rem">',
    `<h1>${safe}</h1>`,
    '<button id="b" style="font-size: 1.25rem; padding: .5rem 1rem">Clicked 0 times</button>',
    '<script>let n = 0; b.onclick = () => (b.textContent = `Clicked ${++n} times`);</script>',
    '</body></html>',
  ].join('\n');
}

export const artifact: Behaviour = (request) => {
  const heading = lastUserText(request).trim().slice(0, 80) || 'Hello';
  return textScript(
    `Here is a small page you can try in the preview.\n\n` +
      `:::artifact{identifier="${ARTIFACT_IDENTIFIER}" type="text/html" title="Click counter"}\n` +
      '```html\n' +
      artifactPage(heading) +
      '\n```\n:::\n',
  );
};
