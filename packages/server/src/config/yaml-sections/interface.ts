import { z } from 'zod';
import { REMOTE_IMAGE_MODES, TEMPORARY_CHAT_RETENTION_HOURS } from '@parley/schema';
import { implemented } from './section.ts';

const externalLink = z.strictObject({
  externalUrl: z.string().optional(),
  openNewTab: z.boolean().optional(),
});

export const interfaceSchema = z.strictObject({
  privacyPolicy: externalLink.optional(),
  termsOfService: z
    .strictObject({
      externalUrl: z.string().optional(),
      openNewTab: z.boolean().optional(),
      modalAcceptance: z.boolean().optional(),
      modalTitle: z.string().optional(),
      modalContent: z.union([z.string(), z.array(z.string())]).optional(),
    })
    .optional(),
  customWelcome: z.string().optional(),
  endpointsMenu: z.boolean().optional(),
  modelSelect: z.boolean().optional(),
  parameters: z.boolean().optional(),
  sidePanel: z.boolean().optional(),
  presets: z.boolean().optional(),
  prompts: z.boolean().optional(),
  bookmarks: z.boolean().optional(),
  memories: z.boolean().optional(),
  multiConvo: z.boolean().optional(),
  agents: z.boolean().optional(),
  temporaryChat: z.boolean().optional(),
  temporaryChatRetention: z
    .number()
    .int()
    .min(TEMPORARY_CHAT_RETENTION_HOURS.min)
    .max(TEMPORARY_CHAT_RETENTION_HOURS.max)
    .optional(),
  runCode: z.boolean().optional(),
  webSearch: z.boolean().optional(),
  fileSearch: z.boolean().optional(),
  artifacts: z.boolean().optional(),
  remoteImages: z.enum(REMOTE_IMAGE_MODES).optional(),
  // LibreChat's later keys under it (use, create, share) are accepted and not acted on.
  mcpServers: z.looseObject({ placeholder: z.string().trim().min(1).max(100).optional() }).optional(),
  marketplace: z.unknown().optional(),
  peoplePicker: z.unknown().optional(),
});

/** `interface`: which parts of the web app are shown (resolved in app-config.ts). */
export const interfaceSection = implemented(interfaceSchema);
