/**
 * An SVG artifact, centred. It is parsed as SVG (not HTML) so a malformed one shows the parser's
 * message instead of half a picture; any script in it only runs inside this sandboxed frame.
 */
export function renderSvg(source: string, root: HTMLElement): void {
  const parsed = new DOMParser().parseFromString(source, 'image/svg+xml');
  const error = parsed.querySelector('parsererror');
  if (error || parsed.documentElement.nodeName.toLowerCase() !== 'svg') {
    throw new Error(
      `Invalid SVG: ${error?.textContent?.trim().split('\n')[0] ?? 'the root element is not <svg>'}`,
    );
  }
  const wrap = document.createElement('div');
  wrap.className = 'preview-svg';
  wrap.append(document.importNode(parsed.documentElement, true));
  root.replaceChildren(wrap);
}
