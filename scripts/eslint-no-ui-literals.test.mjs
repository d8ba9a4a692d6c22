import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { noUiLiterals } from './eslint-no-ui-literals.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const tester = new RuleTester({
  languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('no-ui-literals', noUiLiterals, {
  valid: [
    { code: "const a = <p>{t('com_ui_save')}</p>;" },
    { code: 'const a = <p> · </p>;' },
    { code: 'const a = <span>×{n}</span>;' },
    { code: "const a = <input aria-label={t('com_ui_search')} placeholder={t('x')} />;" },
    { code: 'const a = <div className="flex items-center" data-testid="sidebar-row" />;' },
    { code: "const a = <p>{'…'}</p>;" },
    { code: 'const a = <p>Parley</p>;', options: [{ allow: ['Parley'] }] },
    { code: "if (confirm(t('com_ui_delete_confirm'))) run();" },
    { code: 'const a = <input placeholder="https://auth.example.com/token" />;' },
    { code: "const title = 'Not JSX, not a dialog';" },
  ],
  invalid: [
    { code: 'const a = <p>Save changes</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <p>Сохранить</p>;', errors: [{ messageId: 'text' }] },
    { code: 'const a = <button aria-label="Close dialog" />;', errors: [{ messageId: 'attribute' }] },
    { code: "const a = <input placeholder={'Search…'} />;", errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <img alt={`Picture of ${name}`} />;', errors: [{ messageId: 'attribute' }] },
    { code: 'const a = <span title="Copied" />;', errors: [{ messageId: 'attribute' }] },
    { code: "const a = <p>{'Loading more'}</p>;", errors: [{ messageId: 'text' }] },
    { code: "if (window.confirm('Delete this chat?')) run();", errors: [{ messageId: 'dialog' }] },
    {
      code: 'const a = <p>Parley rocks</p>;',
      options: [{ allow: ['Parley'] }],
      errors: [{ messageId: 'text' }],
    },
  ],
});
