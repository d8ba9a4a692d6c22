import { describe, expect, it } from 'vitest';
import { artifactPage } from './artifact.ts';

describe('artifact behaviour', () => {
  it('escapes the heading so a message cannot add markup to the page', () => {
    const page = artifactPage('<img src=x onerror=alert(1)> & "q"');
    expect(page).toContain('<h1>&#60;img src=x onerror=alert(1)&#62; &#38; &#34;q&#34;</h1>');
    expect(page).not.toContain('<img');
  });
});
