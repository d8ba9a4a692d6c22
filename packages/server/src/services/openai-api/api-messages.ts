import { VISION_IMAGE_TYPES, type ApiChatMessage } from '@parley/schema';
import { badRequest } from '../../errors/app-error.ts';
import type { GuardedHttpClient } from '../net/guarded-http-client.ts';
import type { ProviderImage, ProviderMessage } from '../providers/provider.ts';

/** The largest picture one `image_url` part may bring (bytes). */
export const MAX_API_IMAGE_BYTES = 20 * 1024 * 1024;

type UserContent = Extract<ApiChatMessage, { role: 'user' }>['content'];
type TextContent = Extract<ApiChatMessage, { role: 'system' }>['content'];

/**
 * An API request's messages as the pipeline's. The system and developer messages become one
 * system prompt in front (Anthropic and Gemini take a single one there); a tool result is paired
 * with the name of the call it answers; pictures are decoded (data: URLs) or fetched through the
 * guarded client (http and https addresses), never from this server's own network.
 */
export async function toProviderMessages(
  messages: readonly ApiChatMessage[],
  http: GuardedHttpClient,
): Promise<ProviderMessage[]> {
  const system = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => textOf(m.content))
    .join('\n\n');
  const callNames = new Map<string, string>();
  const converted: ProviderMessage[] = [];
  for (const [index, m] of messages.entries()) {
    if (m.role === 'system' || m.role === 'developer') continue;
    if (m.role === 'assistant') {
      const toolCalls = (m.tool_calls ?? []).map((c) => ({
        id: c.id,
        name: c.function.name,
        args: c.function.arguments,
      }));
      for (const call of toolCalls) callNames.set(call.id, call.name);
      converted.push({
        role: 'assistant',
        content: m.content ? textOf(m.content) : '',
        ...(toolCalls.length ? { toolCalls } : {}),
      });
    } else if (m.role === 'tool') {
      converted.push({
        role: 'tool',
        content: textOf(m.content),
        toolResult: { id: m.tool_call_id, name: callNames.get(m.tool_call_id) ?? '' },
      });
    } else {
      converted.push(await userMessage(m.content, index, http));
    }
  }
  return system ? [{ role: 'system', content: system }, ...converted] : converted;
}

function textOf(content: TextContent): string {
  return typeof content === 'string' ? content : content.map((p) => p.text).join('\n');
}

async function userMessage(
  content: UserContent,
  index: number,
  http: GuardedHttpClient,
): Promise<ProviderMessage> {
  if (typeof content === 'string') return { role: 'user', content };
  const texts: string[] = [];
  const images: ProviderImage[] = [];
  for (const part of content) {
    if (part.type === 'text') texts.push(part.text);
    else
      images.push(
        await loadImage(part.image_url.url, part.image_url.detail, `messages.${index}.content`, http),
      );
  }
  return { role: 'user', content: texts.join('\n'), ...(images.length ? { images } : {}) };
}

async function loadImage(
  url: string,
  detail: ProviderImage['detail'],
  path: string,
  http: GuardedHttpClient,
): Promise<ProviderImage> {
  const refuse = (message: string) => badRequest(message, [{ path, message }]);
  const picture = url.startsWith('data:')
    ? decodeDataUrl(url)
    : await fetchImage(url, http).catch((error: unknown) => {
        throw refuse(`The picture at ${url.slice(0, 200)} could not be fetched: ${(error as Error).message}`);
      });
  if (!picture) throw refuse('An image_url must be a base64 data: URL or an http(s) address');
  if (!(VISION_IMAGE_TYPES as readonly string[]).includes(picture.mediaType))
    throw refuse(`Pictures must be one of ${VISION_IMAGE_TYPES.join(', ')}, not ${picture.mediaType}`);
  if (picture.data.length > MAX_API_IMAGE_BYTES) throw refuse('A picture may be at most 20 MB');
  return { ...picture, ...(detail ? { detail } : {}) };
}

/** `data:<type>;base64,<bytes>`; null for anything else. */
function decodeDataUrl(url: string): { data: Uint8Array; mediaType: string } | null {
  const match = /^data:([a-z0-9.+/-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(url);
  if (!match) return null;
  return { data: Buffer.from(match[2]!, 'base64'), mediaType: match[1]!.toLowerCase() };
}

async function fetchImage(
  url: string,
  http: GuardedHttpClient,
): Promise<{ data: Uint8Array; mediaType: string } | null> {
  if (!/^https?:\/\//i.test(url)) return null;
  const response = await http.fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`the server answered ${response.status}`);
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return { data: await boundedBytes(response), mediaType };
}

/** The body, read only up to the picture limit: a larger (or endless) answer is refused. */
async function boundedBytes(response: Response): Promise<Uint8Array> {
  const tooLarge = () => new Error('it is larger than 20 MB');
  if (Number(response.headers.get('content-length') ?? 0) > MAX_API_IMAGE_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_API_IMAGE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
