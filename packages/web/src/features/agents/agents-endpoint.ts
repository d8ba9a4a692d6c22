/** The endpoint name of agent chats (`POST /api/agents/chat/agents`, a conversation's endpoint). */
export const AGENTS_ENDPOINT = 'agents';
