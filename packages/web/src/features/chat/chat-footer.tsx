import { useStartupConfig } from '../../api/startup-queries';
import { useSettings } from '../../store/settings-store';
import { ShareFooter } from '../share';

/**
 * The line under the message box — the instance's custom footer (CUSTOM_FOOTER) or the version
 * line, with the privacy and terms links — unless Settings → Chat → "Show footer" is off.
 */
export function ChatFooter() {
  const show = useSettings((s) => s.showFooter);
  const { data: config } = useStartupConfig();
  if (!show) return null;
  return <ShareFooter config={config} testId="chat-footer" />;
}
