import { z } from 'zod';
import { UNAPPLIED_RATE_LIMITS } from './yaml-sections/rate-limits.ts';
import { yamlSections, type YamlSectionName } from './yaml-sections/index.ts';

export type {
  AzureGroupConfig,
  AzureSectionConfig,
  BuiltInSectionConfig,
  CustomEndpointConfig,
} from './yaml-sections/endpoints.ts';
export { modelInfoOf } from './yaml-sections/endpoints.ts';

type SectionShape = {
  [K in YamlSectionName]: z.ZodOptional<(typeof yamlSections)[K]['schema']>;
};

/**
 * `parley.yaml` in the librechat.yaml 1.2.8 format: a strict object of the sections in
 * `yaml-sections/`, so a misspelt section or key is reported with its path.
 */
export const parleyYamlSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(yamlSections).map(([name, section]) => [name, section.schema.optional()]),
  ) as SectionShape,
);

export type ParleyYaml = z.infer<typeof parleyYamlSchema>;

/** A section present in the file that Parley accepts but does not act on yet. */
export interface UnimplementedSection {
  section: string;
  /** What will not happen although the section is set. */
  consequence: string;
}

/** The not-yet-implemented sections a (validated) file sets, in the registry's order. */
export function unimplementedSectionsIn(config: ParleyYaml): UnimplementedSection[] {
  const sections = Object.entries(yamlSections).flatMap(([section, definition]) =>
    definition.status === 'not-implemented' && config[section as YamlSectionName] !== undefined
      ? [{ section, consequence: definition.consequence }]
      : [],
  );
  // Keys of an implemented section whose feature does not exist yet are announced the same way.
  const rateLimits = (config.rateLimits ?? {}) as Record<string, unknown>;
  const limits = Object.entries(UNAPPLIED_RATE_LIMITS).flatMap(([key, why]) =>
    rateLimits[key] !== undefined
      ? [{ section: `rateLimits.${key}`, consequence: `${why}, so this limit has nothing to apply to.` }]
      : [],
  );
  return [...sections, ...limits];
}

/** The start-up warning for one unimplemented section. */
export function unimplementedSectionWarning({ section, consequence }: UnimplementedSection): string {
  return `parley.yaml: the ${section} section is not implemented yet and is ignored: ${consequence}`;
}
