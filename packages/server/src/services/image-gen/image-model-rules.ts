/**
 * What each family of OpenAI image models accepts (OpenAI's documented limits): the sizes, the
 * qualities, how many pictures one call may make, the longest prompt, and how many pictures an
 * edit may start from. A model name Parley does not know (an OpenAI-compatible server's) follows
 * gpt-image's rules, the current family.
 */
export interface ImageModelRules {
  family: 'gpt-image' | 'dall-e-3' | 'dall-e-2';
  sizes: readonly [string, ...string[]];
  qualities: readonly [string, ...string[]];
  maxCount: number;
  maxPromptLength: number;
  /** The most input pictures one edit takes; 0 for a model that cannot edit. */
  maxEditImages: number;
  /** DALL·E answers URLs unless asked for base64; gpt-image always answers base64. */
  asksForBase64: boolean;
}

const GPT_IMAGE: ImageModelRules = {
  family: 'gpt-image',
  sizes: ['auto', '1024x1024', '1536x1024', '1024x1536'],
  qualities: ['auto', 'low', 'medium', 'high'],
  maxCount: 10,
  maxPromptLength: 32_000,
  maxEditImages: 16,
  asksForBase64: false,
};

const DALL_E_3: ImageModelRules = {
  family: 'dall-e-3',
  sizes: ['1024x1024', '1792x1024', '1024x1792'],
  qualities: ['standard', 'hd'],
  maxCount: 1,
  maxPromptLength: 4_000,
  maxEditImages: 0,
  asksForBase64: true,
};

const DALL_E_2: ImageModelRules = {
  family: 'dall-e-2',
  sizes: ['1024x1024', '512x512', '256x256'],
  qualities: ['standard'],
  maxCount: 10,
  maxPromptLength: 1_000,
  maxEditImages: 1,
  asksForBase64: true,
};

export function imageModelRules(model: string): ImageModelRules {
  if (model.startsWith('dall-e-3')) return DALL_E_3;
  if (model.startsWith('dall-e-2')) return DALL_E_2;
  return GPT_IMAGE;
}
