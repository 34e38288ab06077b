import { describe, expect, it } from "vitest";
import { fileSlug, isJpeg, pressDownload, slidePosition } from "./carousel";

describe("slide position", () => {
  it("counts from one", () => {
    expect(slidePosition(0, 7)).toBe("Photo 1 of 7");
    expect(slidePosition(6, 7)).toBe("Photo 7 of 7");
  });
});

describe("press photo downloads", () => {
  const photo = { href: "/_astro/live-1.abc123.jpg", width: 2400, height: 1600, total: 4, artistName: "Orla Quinlan" };

  it("names the file after the artist and the photo's number", () => {
    expect(pressDownload({ ...photo, index: 0 }).filename).toBe("orla-quinlan-photo-1.jpg");
    expect(pressDownload({ ...photo, index: 3 }).filename).toBe("orla-quinlan-photo-4.jpg");
  });

  it("says which photo it is, its format and its size in pixels", () => {
    expect(pressDownload({ ...photo, index: 0 }).label).toBe("Download photo 1 of 4 (JPEG, 2400 × 1600)");
  });

  it("links to the given file and keeps its size", () => {
    expect(pressDownload({ ...photo, index: 2 })).toMatchObject({ href: photo.href, width: 2400, height: 1600 });
  });

  it("makes a safe file name from any artist name", () => {
    expect(fileSlug("Sinéad Ní Bhriain & the Crows")).toBe("sinead-ni-bhriain-the-crows");
    expect(fileSlug("  ../../etc/passwd  ")).toBe("etc-passwd");
    expect(pressDownload({ ...photo, artistName: "✨✨", index: 0 }).filename).toBe("press-photo-1.jpg");
  });

  it("refuses a photo without a usable size, with a message naming the photo", () => {
    expect(() => pressDownload({ ...photo, width: 0, index: 1 })).toThrow(/Press photo 2 has no usable size/);
    expect(() => pressDownload({ ...photo, height: Number.NaN, index: 0 })).toThrow(/Press photo 1/);
  });

  it("recognises JPEG originals whatever the spelling, and nothing else", () => {
    for (const format of ["jpg", "jpeg", "JPG", "JPEG"]) expect(isJpeg(format), format).toBe(true);
    for (const format of ["png", "webp", "avif", "heic", "tiff", "jpgx", ""])
      expect(isJpeg(format), format).toBe(false);
  });
});
