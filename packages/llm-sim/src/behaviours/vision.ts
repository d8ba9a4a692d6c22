// `vision`: a model that sees. It answers with one line per picture of the last user message
// (pixel size, media type, byte hash), so a test can prove the picture arrived intact.
import { describeImage } from '../images.ts';
import { textScript, type Behaviour } from './behaviour.ts';

export const NO_IMAGE = 'I received no image.';

export const vision: Behaviour = (request) => {
  const images = request.messages.findLast((message) => message.role === 'user')?.images ?? [];
  return textScript(images.length === 0 ? NO_IMAGE : images.map(describeImage).join('\n'));
};
