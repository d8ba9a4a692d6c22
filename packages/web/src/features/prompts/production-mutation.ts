import type { PromptGroup, PromptVersion } from '@parley/schema';
import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import { withProduction } from './prompt-cache-rules';
import { promptKeys } from './prompts-api';

interface Context {
  previous: PromptGroup | undefined;
}

/**
 * Make-production as mutation options: the cached group changes at once and is put back
 * when the call fails, after which `onFailure` shows the update-error toast.
 */
export function productionMutation(
  client: QueryClient,
  groupId: string,
  deps: { send: (promptId: string) => Promise<unknown>; onFailure: () => void; onDone: () => void },
): MutationOptions<unknown, Error, PromptVersion, Context> {
  const key = promptKeys.group(groupId);
  return {
    mutationFn: (version) => deps.send(version._id),
    onMutate: async (version) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<PromptGroup>(key);
      if (previous) client.setQueryData<PromptGroup>(key, withProduction(previous, version));
      return { previous };
    },
    onError: (_error, _version, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      deps.onFailure();
    },
    onSuccess: deps.onDone,
  };
}
