import { AVATAR_CROP_PX, AVATAR_EXTENSIONS, AVATAR_IMAGE_TYPES, fileExtension } from '@parley/schema';

/** The part of the (rotated) picture the cropper selected, in the picture's pixels. */
export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * True when `file` may become an avatar: a PNG or JPEG by extension and type, not empty, within
 * the server's avatar size limit.
 */
export function acceptableAvatar(file: { name: string; type: string; size: number }, limit: number): boolean {
  const extension = fileExtension(file.name);
  return (
    (AVATAR_EXTENSIONS as readonly string[]).includes(extension) &&
    (file.type === '' || (AVATAR_IMAGE_TYPES as readonly string[]).includes(file.type)) &&
    file.size > 0 &&
    file.size <= limit
  );
}

/** The size of the box that holds a width × height picture turned by `degrees`. */
export function rotatedBox(width: number, height: number, degrees: number) {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return { width: Math.round(cos * width + sin * height), height: Math.round(sin * width + cos * height) };
}

/** The next quarter turn, kept within 0–359. */
export const quarterTurn = (degrees: number) => (degrees + 90) % 360;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read'));
    image.src = src;
  });
}

/**
 * The avatar as the server takes it: the picture turned by `rotation`, the cropper's square cut
 * out and scaled to AVATAR_CROP_PX, encoded as PNG.
 */
export async function renderAvatar(src: string, area: CropArea, rotation: number): Promise<Blob> {
  const image = await loadImage(src);
  const box = rotatedBox(image.naturalWidth, image.naturalHeight, rotation);
  const turned = document.createElement('canvas');
  turned.width = box.width;
  turned.height = box.height;
  const tc = turned.getContext('2d');
  if (!tc) throw new Error('No canvas');
  tc.translate(box.width / 2, box.height / 2);
  tc.rotate((rotation * Math.PI) / 180);
  tc.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  const out = document.createElement('canvas');
  out.width = AVATAR_CROP_PX;
  out.height = AVATAR_CROP_PX;
  const oc = out.getContext('2d');
  if (!oc) throw new Error('No canvas');
  oc.imageSmoothingQuality = 'high';
  oc.drawImage(turned, area.x, area.y, area.width, area.height, 0, 0, AVATAR_CROP_PX, AVATAR_CROP_PX);
  return new Promise((resolve, reject) =>
    out.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No picture'))), 'image/png'),
  );
}
