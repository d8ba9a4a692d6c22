// `showcase`: one fixed markdown document exercising everything the chat renderer must handle:
// headings, lists, a GFM table, code in three languages, inline and block LaTeX, and a thinking block.
import { textScript, type Behaviour } from './behaviour.ts';

// Kept out of the template literal so the fences need no escaping.
const FENCE = '```';

export const SHOWCASE_MARKDOWN = `# Parley showcase

This answer shows what the renderer supports, in **bold**, *italic* and \`inline code\`.

:::thinking
The user wants to see every kind of formatting at once, so I will use each of them in turn.
:::

## Lists

1. First, an ordered item
2. Then a second one
3. And a third

- An unordered item
- Another one
  - With a nested item

## Table

| Language   | Typing  | First released |
| ---------- | ------- | -------------- |
| TypeScript | static  | 2012           |
| Python     | dynamic | 1991           |
| Bash       | none    | 1989           |

## Code

${FENCE}typescript
function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
${FENCE}

${FENCE}python
def fibonacci(n: int) -> list[int]:
    numbers = [0, 1]
    while len(numbers) < n:
        numbers.append(numbers[-1] + numbers[-2])
    return numbers[:n]
${FENCE}

${FENCE}bash
for file in *.md; do
  wc -w "$file"
done
${FENCE}

## Math

Einstein's relation $E = mc^2$ fits in a sentence, while a sum deserves its own block:

$$
\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}
$$

### That's all

> A quote to finish.`;

export const showcase: Behaviour = () => textScript(SHOWCASE_MARKDOWN);
