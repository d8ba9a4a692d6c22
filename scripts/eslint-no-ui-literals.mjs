// ESLint rule for the web app: text a person reads must come from the translations (t('key')), not
// be written into the code, or it stays English in every language. Flags JSX text with words, the
// attributes people read or hear (aria-label, title, placeholder, alt, label …) set to a literal
// with words, string literals written as an element's child, and confirm()/alert() with a literal. Names that are the same in every language
// (Parley, OpenAI …) can be allowed through the rule's `allow` option.

/** Attributes whose value is shown or read aloud. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);

/** At least two letters in a row (any script): a word, not a symbol like "·" or "×". */
const WORD = /\p{L}{2,}/u;
/** An example address in a placeholder reads the same in every language. */
const URL_EXAMPLE = /^\s*[a-z][a-z+.-]*:\/\/\S*\s*$/i;

function literalText(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  if (node.type === 'JSXExpressionContainer') return literalText(node.expression);
  return undefined;
}

export const noUiLiterals = {
  meta: {
    type: 'problem',
    docs: { description: 'Text shown to people goes through the translations (t).' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'Text "{{text}}" is not translated: add a key to locales/en and use t().',
      attribute: '{{name}}="{{text}}" is not translated: add a key to locales/en and use t().',
      dialog: '{{name}}("{{text}}") is not translated: add a key to locales/en and use t().',
    },
  },
  create(context) {
    const allow = new Set(context.options[0]?.allow ?? []);
    const flagged = (text) =>
      text !== undefined && WORD.test(text) && !URL_EXAMPLE.test(text) && !allow.has(text.trim());
    const short = (text) => text.trim().replace(/\s+/g, ' ').slice(0, 40);
    return {
      JSXText(node) {
        if (flagged(node.value))
          context.report({ node, messageId: 'text', data: { text: short(node.value) } });
      },
      // {'Some text'} or {`Some ${thing}`} as a child of an element.
      JSXExpressionContainer(node) {
        if (node.parent.type !== 'JSXElement' && node.parent.type !== 'JSXFragment') return;
        const text = literalText(node.expression);
        if (flagged(text)) context.report({ node, messageId: 'text', data: { text: short(text) } });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : undefined;
        if (!name || !READ_ATTRIBUTES.has(name)) return;
        const text = literalText(node.value);
        if (flagged(text))
          context.report({ node, messageId: 'attribute', data: { name, text: short(text) } });
      },
      CallExpression(node) {
        const callee = node.callee;
        const name =
          callee.type === 'Identifier'
            ? callee.name
            : callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
              ? callee.property.name
              : undefined;
        if (name !== 'confirm' && name !== 'alert') return;
        const text = literalText(node.arguments[0]);
        if (flagged(text)) context.report({ node, messageId: 'dialog', data: { name, text: short(text) } });
      },
    };
  },
};

export default { rules: { 'no-ui-literals': noUiLiterals } };
