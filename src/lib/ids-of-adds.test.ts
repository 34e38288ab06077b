import { describe, expect, it } from "vitest";
import { idsOfAdds } from "./ids-of-adds";

describe("the ids of a form's adds", () => {
  const counted = () => {
    let made = 0;
    return idsOfAdds(() => `id-${(made += 1)}`);
  };

  it("keeps one add's id for every try of it while it holds the same", () => {
    const adds = counted();
    expect(adds.idFor({ name: "Dara", role: "Sound" })).toBe("id-1");
    expect(adds.idFor({ name: "Dara", role: "Sound" })).toBe("id-1");
  });

  it("gives an add changed since its last try an id of its own, and the one after an add that went in", () => {
    const adds = counted();
    adds.idFor({ name: "Dara", role: "Sound" });
    expect(adds.idFor({ name: "Dara", role: "Sound engineer" })).toBe("id-2");
    adds.added();
    expect(adds.idFor({ name: "Dara", role: "Sound engineer" })).toBe("id-3");
  });

  it("says which id an add in doubt was last tried with, and none once it went in or for another", () => {
    const adds = counted();
    adds.idFor({ name: "Dara" });
    expect(adds.triedFor({ name: "Dara" })).toBe("id-1");
    expect(adds.triedFor({ name: "Eve" })).toBeNull();
    adds.added();
    expect(adds.triedFor({ name: "Dara" })).toBeNull();
  });
});
