// @ts-check
/**
 * The .ico container for /favicon.ico: a six-byte header, one sixteen-byte entry per image, then the images.
 * Each image is a PNG, which every browser since Internet Explorer 9 (and Windows Vista) reads inside an ICO.
 */

/**
 * @param {{ size: number, png: Buffer }[]} images square PNGs, at most 256 pixels a side
 * @returns {Buffer}
 */
export function icoFile(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: an icon (2 would be a cursor)
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    if (!Number.isInteger(size) || size < 1 || size > 256)
      throw new Error(`An ICO image is 1 to 256 pixels, not ${size}`);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0); // width; 0 means 256
    entry.writeUInt8(size % 256, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}
