/**
 * HEIC test files: the committed fixture (tests/fixtures/README.md says how it was made) and
 * variants of it. Pure byte work, so browser-side unit tests and Playwright specs share it.
 */

/** A real 64×40 HEVC-coded HEIC picture (a colour gradient), 627 bytes. */
export async function readHeicFixture(): Promise<Uint8Array<ArrayBuffer>> {
  // Node's fs, reached without Node's type declarations: the web app's unit tests have none.
  const fs = (await import(/* @vite-ignore */ `node:${'fs'}`)) as {
    readFileSync(path: URL): Uint8Array;
  };
  return new Uint8Array(fs.readFileSync(new URL('../../fixtures/gradient-64x40.heic', import.meta.url)));
}

/**
 * The HEIC with every image size property (`ispe` box: 4 bytes of version and flags, then width
 * and height) rewritten to declare width × height: a small file that claims a huge picture.
 */
export function heicWithDeclaredSize(
  heic: Uint8Array,
  width: number,
  height: number,
): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(heic);
  const view = new DataView(copy.buffer);
  const ispe = [0x69, 0x73, 0x70, 0x65];
  for (let at = 4; at + 16 <= copy.length; at++) {
    if (ispe.every((byte, i) => copy[at + i] === byte)) {
      view.setUint32(at + 8, width);
      view.setUint32(at + 12, height);
    }
  }
  return copy;
}
