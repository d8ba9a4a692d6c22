// Fails when a source file cites the product specification by section number (a section sign
// and a number) instead of stating the rule in words: the specification lives outside this
// repository, so such a comment means nothing to a reader who has only the code. Lists file:line
// for each one.
import { specReferencesIn } from './spec-references.mjs';

const FOLDERS = ['packages', 'tests', 'bench', 'scripts'];

const found = specReferencesIn(FOLDERS);
if (found.length > 0) {
  console.error(
    `${found.length} comment(s) cite a specification section; state the rule in words instead ` +
      '(a reader of this repository does not have the specification):',
  );
  for (const line of found) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`No specification section references in ${FOLDERS.join(', ')}.`);
