import type { EndpointsConfig, ModelSpec, ModelsConfig } from '@parley/schema';
import { memo, useCallback } from 'react';
import { useStartupConfig } from '../../api/startup-queries';
import type { ChatSetup } from '../endpoints';
import { EndpointMenu } from '../endpoints';
import { KeyButton } from '../endpoints';
import { setupOfSpec } from '../endpoints';
import { ParametersButton } from '../endpoints';
import { PresetsMenu } from '../presets';
import { ArtifactsModeMenu } from '../artifacts';
import { AddModelButton } from '../added-convo';
import { capabilitiesOf } from '../agents';
import type { ChatControlsPart } from './chat-header';

/**
 * The header's model controls: model spec, endpoint and model selector, parameters, presets and (for
 * `user_provided` endpoints) the key button — each shown when the interface config allows it.
 * `part` splits them for the phone header, which shows the model selector and keeps the tools in
 * its "more" menu; wider screens show both parts in a row.
 * Memoised: the chat view renders on every send and stream event, these only when the setup does.
 */
export const ChatControls = memo(function ChatControls({
  conversationId,
  setup,
  endpoints,
  models,
  onSwitch,
  onSetup,
  onAgent,
  part = 'all',
}: {
  part?: ChatControlsPart;
  conversationId: string;
  setup: ChatSetup | null;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  onSwitch: (endpoint: string, model: string) => void;
  onSetup: (setup: ChatSetup) => void;
  onAgent: (agentId: string) => void;
}) {
  const { data: config } = useStartupConfig();
  const ui = config?.interface;
  const specs = config?.modelSpecs;
  // Enforced specs fix the model and its parameters: tuning or presets would change nothing.
  const free = !specs?.enforce;
  const showEndpoints = ui?.modelSelect !== false && ui?.endpointsMenu !== false;
  const info = setup ? endpoints?.[setup.endpoint] : undefined;
  // An agent decides its own parameters: tuning or presets would change nothing.
  const tunable = free && setup?.endpoint !== 'agents';
  const chooseSpec = useCallback(
    (spec: ModelSpec) => onSetup(setupOfSpec(spec, endpoints)),
    [onSetup, endpoints],
  );
  const model = part !== 'tools';
  const tools = part !== 'model';
  return (
    <>
      {model && (showEndpoints || specs) && (
        <EndpointMenu
          setup={setup}
          endpoints={endpoints}
          models={models}
          specs={specs}
          showEndpoints={showEndpoints}
          onChange={onSwitch}
          onSpec={chooseSpec}
          onAgent={onAgent}
        />
      )}
      {tools && showEndpoints && (
        <AddModelButton conversationId={conversationId} endpoints={endpoints} models={models} />
      )}
      {tools && setup && tunable && ui?.parameters !== false && (
        <ParametersButton setup={setup} onChange={onSetup} />
      )}
      {tools && setup && tunable && ui?.presets !== false && <PresetsMenu setup={setup} onApply={onSetup} />}
      {tools &&
        setup &&
        ui?.artifacts !== false &&
        (capabilitiesOf(endpoints)?.includes('artifacts') ?? true) && (
          <ArtifactsModeMenu
            value={setup.artifacts}
            onChange={(mode) => {
              const { artifacts: _off, ...rest } = setup;
              onSetup(mode ? { ...setup, artifacts: mode } : rest);
            }}
          />
        )}
      {tools && setup && info?.userProvide && (
        <KeyButton
          endpoint={setup.endpoint}
          label={info.modelDisplayLabel ?? setup.endpoint}
          needsUrl={Boolean(info.userProvideURL)}
        />
      )}
    </>
  );
});
