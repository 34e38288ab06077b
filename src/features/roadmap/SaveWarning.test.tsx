// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { defaultRoadmap } from "../../data/roadmap";
import { defaultTasks } from "./roadmap";
import { backupFile } from "./roadmap.backup";
import { SaveWarning } from "./SaveWarning";

const backup = () => backupFile(defaultTasks(defaultRoadmap), defaultRoadmap, new Date());

describe("the save warning", () => {
  it("says nothing while every change is saved, but keeps its status region on the page", () => {
    render(<SaveWarning status={{ saved: true, again: false }} backup={backup} />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent(/^$/);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it.each([
    ["full", "this browser's storage is full"],
    ["refused", "this browser refused to store the roadmap"],
  ] as const)("says why a change was not saved (%s) and offers the export", (reason, why) => {
    render(<SaveWarning status={{ saved: false, reason }} backup={backup} />);
    expect(screen.getByRole("alert")).toHaveTextContent(
      `Not saved: ${why}. Your changes are on screen but not saved in this browser, and a reload would lose them. Export the roadmap (.json) to keep them. Each change tries to save again.`,
    );
    expect(screen.getByRole("button", { name: "Export roadmap (.json)" })).toBeInTheDocument();
  });

  it("says when saving works again", () => {
    render(<SaveWarning status={{ saved: true, again: true }} backup={backup} />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Saved: your changes are stored in this browser again.");
  });
});
