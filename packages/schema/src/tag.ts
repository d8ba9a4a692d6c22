/** The bookmark every user starts with. */
export const DEFAULT_BOOKMARK_TAG = 'Saved';
export const TAG_MAX_LENGTH = 128;
export const TAG_DESCRIPTION_MAX_LENGTH = 1024;
/** Most tags one conversation may carry. */
export const CONVERSATION_TAGS_MAX = 100;

/** A bookmark as the API returns it. `count`: the user's conversations carrying it. */
export interface ConversationTag {
  _id: string;
  user: string;
  tag: string;
  description: string;
  count: number;
  position: number;
  createdAt: string;
  updatedAt: string;
}
