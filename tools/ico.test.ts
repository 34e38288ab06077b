// /favicon.ico holds the site's icon as PNGs in the ICO container, which browsers and crawlers read.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { icoFile } from "./ico.mjs";

const square = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 4, background: "#1c1917" } })
    .png()
    .toBuffer();

/** The ICO's directory: each image's stated size, and the image found where its entry points. */
function readIco(ico: Buffer) {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const [length, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
    return {
      width: ico.readUInt8(entry) || 256,
      height: ico.readUInt8(entry + 1) || 256,
      bitsPerPixel: ico.readUInt16LE(entry + 6),
      image: ico.subarray(offset, offset + length),
    };
  });
}

describe("the ICO container", () => {
  it("holds each PNG whole, behind an entry that states its size", async () => {
    const images = await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await square(size) })));
    const entries = readIco(icoFile(images));
    expect(entries.map(({ width, height, bitsPerPixel }) => [width, height, bitsPerPixel])).toEqual([
      [16, 16, 32],
      [32, 32, 32],
      [48, 48, 32],
    ]);
    for (const [index, entry] of entries.entries()) {
      expect(entry.image.equals(images[index].png)).toBe(true);
      expect(await sharp(entry.image).metadata()).toMatchObject({ format: "png", width: images[index].size });
    }
  });

  it("writes 256 pixels as the format spells it (0), and refuses what it cannot hold", async () => {
    const [entry] = readIco(icoFile([{ size: 256, png: await square(256) }]));
    expect([entry.width, entry.height]).toEqual([256, 256]);
    expect(() => icoFile([{ size: 512, png: Buffer.alloc(0) }])).toThrow("An ICO image is 1 to 256 pixels, not 512");
  });
});
