import type { Conversation } from '@parley/schema';
import { useCallback, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { TagFilter, useTagFilter } from '../bookmarks';
import { ConversationList } from '../conversations';
import { MOBILE_MEDIA } from '../../lib/breakpoints';
import { RowDialogs } from './row-dialogs';
import { RowMenu } from './row-menu';
import { useRowState } from './row-state';
import { RowTitle } from './row-title';

/**
 * The sidebar's conversations with everything this feature adds: the bookmark filter above the
 * list, each row's menu and inline rename, and the dialogs the rows open.
 */
export function SidebarConversations() {
  const mobile = useMediaQuery(MOBILE_MEDIA);
  const tags = useTagFilter();
  const renderRowMenu = useCallback(
    (conversation: Conversation) => <RowMenu conversation={conversation} mobile={mobile} />,
    [mobile],
  );
  const renderTitle = useCallback(
    (conversation: Conversation, link: ReactNode) => (
      <RowTitle conversation={conversation} link={link} mobile={mobile} />
    ),
    [mobile],
  );
  const openMenu = useRowState((s) => s.openMenu);
  return (
    <div className="flex h-full flex-col">
      <TagFilter />
      <div className="min-h-0 flex-1">
        <ConversationList
          renderRowMenu={renderRowMenu}
          renderTitle={renderTitle}
          onRowMenu={openMenu}
          tags={tags}
        />
      </div>
      <RowDialogs />
    </div>
  );
}
