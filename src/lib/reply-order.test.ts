import { describe, expect, it } from "vitest";
import { replyOrder } from "./reply-order";

describe("the order of replies", () => {
  it("shows a newer request's reply, and then none from an older one", () => {
    const replies = replyOrder();
    const older = replies.next();
    const newer = replies.next();
    expect(replies.anyShown()).toBe(false);
    expect(newer.show()).toBe(true);
    expect(older.stale()).toBe(true);
    expect(older.show()).toBe(false);
    expect(replies.anyShown()).toBe(true);
  });

  it("shows an older reply that arrives first, and the newer one after it", () => {
    const replies = replyOrder();
    const older = replies.next();
    const newer = replies.next();
    expect(older.show()).toBe(true);
    expect(newer.stale()).toBe(false);
    expect(newer.show()).toBe(true);
  });

  it("knows the latest request, whose failure is the one worth saying", () => {
    const replies = replyOrder();
    const first = replies.next();
    expect(first.latest()).toBe(true);
    const second = replies.next();
    expect(first.latest()).toBe(false);
    expect(second.latest()).toBe(true);
    // A failed newer request does not count as shown: an older reply still may.
    expect(first.stale()).toBe(false);
  });
});
