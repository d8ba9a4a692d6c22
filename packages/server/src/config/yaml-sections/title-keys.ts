import { z } from 'zod';

/** The conversation-title keys every built-in endpoint section of the format accepts. */
export const titleKeys = {
  titleConvo: z.boolean().optional(),
  titleModel: z.string().optional(),
  titleMethod: z.enum(['completion', 'functions', 'structured']).optional(),
  titlePrompt: z.string().optional(),
  titlePromptTemplate: z.string().optional(),
  titleEndpoint: z.string().optional(),
};
