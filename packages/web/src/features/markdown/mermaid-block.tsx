import { useTranslation } from 'react-i18next';
import { MermaidDiagram, type MermaidLabels } from '../diagrams';
import { useSettings } from '../../store/settings-store';

function useDark(): boolean {
  // The theme class on <html> is the truth (the "system" setting follows the OS).
  useSettings((s) => s['color-theme']);
  return document.documentElement.classList.contains('dark');
}

/** A mermaid code block in a message: the diagram with zoom and pan, or the spec's fallback. */
export default function MermaidBlock({ code }: { code: string }) {
  const { t } = useTranslation();
  const dark = useDark();
  const labels: MermaidLabels = {
    error: t('com_ui_diagram_error'),
    loading: t('com_ui_diagram_loading'),
    zoomIn: t('com_ui_zoom_in'),
    zoomOut: t('com_ui_zoom_out'),
    reset: t('com_ui_reset_zoom'),
  };
  return (
    <div className="my-3" data-testid="mermaid-block">
      <MermaidDiagram source={code} dark={dark} labels={labels} />
    </div>
  );
}
