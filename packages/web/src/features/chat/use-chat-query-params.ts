import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { validSetup, type ChatSetup } from '../endpoints';
import { lastModels } from '../endpoints';
import { parseChatQuery, withoutTransient } from '../input';
import type { EndpointsConfig, ModelsConfig } from '@parley/schema';

/**
 * On /c/new, `prompt`/`q` prefill the box, `submit=true` sends it, other parameters are
 * conversation settings; prompt, q and submit are then removed from the address.
 */
export function useChatQueryParams(options: {
  conversationId: string;
  setup: ChatSetup | null;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  applySetup: (setup: ChatSetup) => void;
  prefill: (text: string) => void;
  submit: (text: string, setup: ChatSetup) => void;
}) {
  const [params, setParams] = useSearchParams();
  const handled = useRef(false);
  const { conversationId, setup, endpoints, models } = options;

  useEffect(() => {
    if (handled.current || conversationId !== 'new' || !setup || !endpoints || !models) return;
    handled.current = true;
    if ([...params.keys()].length === 0) return;
    const query = parseChatQuery(params);
    let next = setup;
    if (Object.keys(query.settings).length > 0) {
      const wanted = { ...setup, ...query.settings } as ChatSetup;
      if (query.settings.endpoint && query.settings.endpoint !== setup.endpoint && !query.settings.model) {
        wanted.model = '';
      }
      next = validSetup(wanted, endpoints, models, lastModels()) ?? setup;
      options.applySetup(next);
    }
    if (query.prompt) {
      if (query.submit) options.submit(query.prompt, next);
      else options.prefill(query.prompt);
    }
    if (query.hasTransient) setParams(withoutTransient(params), { replace: true });
    // Runs once, when the setup is first known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [conversationId, setup, endpoints, models]);
}
