/**
 * With LaTeX parsing on, `\( … \)` and `\[ … \]` delimiters become the `$` forms remark-math
 * reads; code spans and fences are left alone.
 */
export function normalizeLatex(text: string): string {
  if (!text.includes('\\(') && !text.includes('\\[')) return text;
  return text
    .split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/g)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/\\\[([\s\S]+?)\\\]/g, (_m, inner: string) => `$$${inner}$$`)
            .replace(/\\\(([\s\S]+?)\\\)/g, (_m, inner: string) => `$${inner}$`),
    )
    .join('');
}
