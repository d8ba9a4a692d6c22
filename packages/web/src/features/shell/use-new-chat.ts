import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMediaQuery } from '../../lib/use-media-query';
import { useNav } from '../../store/nav-store';
import { useShell } from '../../store/shell-store';
import { MOBILE_MEDIA } from '../../lib/breakpoints';
import { useProjectDraft } from '../projects';

/** New chat (outside any project): /c/new; ctrl/cmd-click opens it in a new tab; on mobile the sidebar closes. */
export function useNewChat() {
  const navigate = useNavigate();
  const mobile = useMediaQuery(MOBILE_MEDIA);
  const setNavVisible = useNav((s) => s.setNavVisible);
  const setTitle = useShell((s) => s.setConversationTitle);
  return (e?: MouseEvent) => {
    if (e && (e.ctrlKey || e.metaKey)) {
      window.open('/c/new', '_blank', 'noopener');
      return;
    }
    setTitle(null);
    // A plain new chat starts outside any project ("New chat in project" sets one).
    useProjectDraft.getState().setProjectId(null);
    void navigate('/c/new');
    if (mobile) setNavVisible(false);
  };
}
