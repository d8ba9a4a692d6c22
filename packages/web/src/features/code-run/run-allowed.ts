import { isRunnableLanguage } from '@parley/schema';

/**
 * Whether a code block shows its Run button: it is in an answer (`inAnswer`), the instance has
 * the runCode feature on, the user's role may run code (RUN_CODE.USE; the server refuses the run
 * otherwise, so a button that can only fail is not shown), and the server runs the language.
 */
export function runAllowed(input: {
  inAnswer: boolean;
  runCodeFeature: boolean;
  rolePermits: boolean;
  lang: string;
}): boolean {
  return input.inAnswer && input.runCodeFeature && input.rolePermits && isRunnableLanguage(input.lang);
}
