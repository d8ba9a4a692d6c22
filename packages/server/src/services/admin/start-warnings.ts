import type { AppConfig } from '../../config/app-config.ts';
import { unimplementedSectionWarning } from '../../config/yaml-schema.ts';
import { passkeysUnavailableReason, relyingPartyOf } from '../passkeys/relying-party.ts';

export interface StartWarning {
  message: string;
  /** The parley.yaml section it is about, when there is one. */
  section?: string;
}

/**
 * What the configuration deserves a warning for at start: logged then by server.ts, and shown in
 * the administration console's Configuration tab from the same list.
 */
export function startWarningsOf(config: AppConfig): StartWarning[] {
  const warnings: StartWarning[] = config.unimplementedYamlSections.map((unimplemented) => ({
    message: unimplementedSectionWarning(unimplemented),
    section: unimplemented.section,
  }));
  if (config.env.ALLOW_PASSWORD_RESET && !config.emailEnabled) {
    warnings.push({
      message:
        'ALLOW_PASSWORD_RESET is on without e-mail: reset links are shown to whoever asks for them. Configure EMAIL_* or turn it off.',
    });
  }
  const passkeysProblem = passkeysUnavailableReason(relyingPartyOf(config));
  if (passkeysProblem) warnings.push({ message: passkeysProblem });
  return warnings;
}
