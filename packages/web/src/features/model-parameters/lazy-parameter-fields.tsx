import { AreaError } from '../../components/ui/area-error';
import { lazyArea } from '../../components/ui/lazy-area';
import type { ParameterSetup } from './parameter-fields';

type FieldsProps = {
  setup: ParameterSetup;
  onChange: (setup: ParameterSetup) => void;
  omit?: readonly string[];
};

/**
 * The parameter controls for the chat page's parameters panel, loaded when the panel is first
 * pointed at or opened: a closed panel shows none of them, and with them comes the Radix switch.
 */
export const LazyParameterFields = lazyArea<FieldsProps>(
  () => import('./parameter-fields').then((m) => ({ default: m.ParameterFields<ParameterSetup> })),
  (retry) => <AreaError onRetry={retry} />,
);
