import type { ToolAuthField } from '@parley/schema';
import type { ToolRunContext } from '../tools/tool.ts';
import { ImageGenError } from './provider-pictures.ts';

/**
 * The key an image tool calls its provider with: the operator's when the environment sets one,
 * else the one the caller stored for the tool (`field`); none is an error the user can act on.
 */
export function imageToolKey(
  operatorKey: string | undefined,
  field: ToolAuthField,
  context: ToolRunContext,
  provider: string,
): string {
  const key = operatorKey ?? context.credentials[field.authField];
  if (!key) throw new ImageGenError(`no ${provider} API key is set for image generation`);
  return key;
}
