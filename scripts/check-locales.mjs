// Fails when a translation of the web app's strings is incomplete or broken: a key missing in any
// offered locale, a key English lacks (plural variants the language needs are allowed), placeholders
// or tags that differ from English, or fewer than 90 % of a locale's values differing from English
// (values made only of names, brand words and placeholders are not counted). Prints each locale's
// problems, with the first missing keys.
//
//   node scripts/check-locales.mjs                  check every locale
//   node scripts/check-locales.mjs --missing de-DE  the missing English keys and values of one locale, as JSON
//   --dir <locales folder> --languages <languages.ts> check another tree (the tests' fixtures)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkLocales, failuresOf, missingAsJson, offeredCodes } from './locale-rules.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const I18N = path.join(ROOT, 'packages/web/src/i18n');
/** Missing keys listed per locale before the rest is summarised (the --missing listing has them all). */
const SHOWN_MISSING = 10;

const { values } = parseArgs({
  options: {
    missing: { type: 'string' },
    dir: { type: 'string', default: path.join(I18N, 'locales') },
    languages: { type: 'string', default: path.join(I18N, 'languages.ts') },
  },
});

const reports = checkLocales(values.dir, offeredCodes(values.languages));

if (values.missing !== undefined) {
  const report = reports.find((r) => r.code === values.missing);
  if (!report) {
    console.error(`No locale ${values.missing}; offered: ${reports.map((r) => r.code).join(', ')}`);
    process.exit(2);
  }
  console.log(JSON.stringify(missingAsJson(report), null, 2));
  process.exit(0);
}

let failed = 0;
for (const report of reports) {
  const failures = failuresOf(report);
  const share = report.present ? `${(report.share * 100).toFixed(1)} % translated` : 'no folder';
  if (failures.length === 0) {
    console.log(`ok   ${report.code} (${share})`);
    continue;
  }
  failed++;
  console.error(`FAIL ${report.code} (${share})`);
  for (const line of failures) console.error(`     ${line}`);
  for (const { file, key } of report.missing.slice(0, SHOWN_MISSING))
    console.error(`     missing ${file}:${key}`);
  if (report.missing.length > SHOWN_MISSING) {
    console.error(
      `     … and ${report.missing.length - SHOWN_MISSING} more: node scripts/check-locales.mjs --missing ${report.code}`,
    );
  }
}
if (failed > 0) {
  console.error(`${failed} of ${reports.length} locale(s) fail.`);
  process.exit(1);
}
console.log(`All ${reports.length} locales are complete.`);
