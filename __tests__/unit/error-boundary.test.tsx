import * as React from "react";
import { render, screen } from "@testing-library/react";
import { ErrorBoundary } from "../../src/components/error-boundary";

function Broken(): React.ReactElement {
  throw new Error("The services list could not be read.");
}

beforeEach(() => {
  // React reports caught render errors on the console; the fallback is what this test is about.
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

test("a page that throws shows the fallback heading and the error's message", () => {
  render(
    <ErrorBoundary heading="Unexpected Application Error!">
      <Broken />
    </ErrorBoundary>,
  );
  expect(screen.getByRole("alert")).toBeInTheDocument();
  expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument();
  expect(screen.getByText("The services list could not be read.")).toBeInTheDocument();
});

test("something thrown that is not an Error is shown as text", () => {
  function ThrowsText(): React.ReactElement {
    throw "quota exceeded";
  }
  render(
    <ErrorBoundary heading="Unexpected Application Error!">
      <ThrowsText />
    </ErrorBoundary>,
  );
  expect(screen.getByText("quota exceeded")).toBeInTheDocument();
});

test("a page that works is shown as it is", () => {
  render(
    <ErrorBoundary heading="Unexpected Application Error!">
      <p>All good</p>
    </ErrorBoundary>,
  );
  expect(screen.getByText("All good")).toBeInTheDocument();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});
