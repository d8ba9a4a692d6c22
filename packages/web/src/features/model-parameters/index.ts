/** The model-parameter controls as other folders see them: import from here, never from its other files. */
export { coerceParam, controlsFor, fitParameters, type ParamControl } from './param-ranges';
export { ParameterFields, type ParameterSetup } from './parameter-fields';
export { LazyParameterFields } from './lazy-parameter-fields';
