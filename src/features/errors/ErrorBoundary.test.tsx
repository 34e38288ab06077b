// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./ErrorBoundary";

function Exploding({ message }: { message: string }): never {
  throw new Error(message);
}

function ThrowsAString(): never {
  // Some libraries throw values that are not Error objects.
  throw "quota exceeded";
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** React and the boundary both log a caught error; keep the test output clean but check it was logged. */
const silenceConsole = () => vi.spyOn(console, "error").mockImplementation(() => {});

describe("ErrorBoundary", () => {
  it("renders its children while nothing goes wrong", () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText("All good")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Unexpected Application Error!" })).not.toBeInTheDocument();
  });

  it("shows the Unexpected Application Error page with the message when a child throws", () => {
    const consoleError = silenceConsole();
    render(
      <ErrorBoundary>
        <p>Before the crash</p>
        <Exploding message="Cannot read properties of undefined (reading 'price')" />
      </ErrorBoundary>,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toContainElement(screen.getByRole("heading", { level: 1, name: "Unexpected Application Error!" }));
    expect(alert).toHaveTextContent("Cannot read properties of undefined (reading 'price')");
    // The half-rendered island is gone, not left beside the error.
    expect(screen.queryByText("Before the crash")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    expect(consoleError).toHaveBeenCalled();
  });

  it("shows the message of a thrown value that is not an Error", () => {
    silenceConsole();
    render(
      <ErrorBoundary>
        <ThrowsAString />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("quota exceeded")).toBeInTheDocument();
  });
});
