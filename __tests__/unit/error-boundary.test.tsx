import * as React from "react";
import { render, screen, waitFor } from "@testing-library/react";
import { ErrorBoundary } from "../../src/components/error-boundary";
import { LanguageProvider } from "../../src/hooks/use-language";
import { contents } from "../support/content";

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
    <ErrorBoundary heading="Unexpected Application Error!" companyName="Bluepeak IT Solutions">
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
    <ErrorBoundary heading="Unexpected Application Error!" companyName="Bluepeak IT Solutions">
      <ThrowsText />
    </ErrorBoundary>,
  );
  expect(screen.getByText("quota exceeded")).toBeInTheDocument();
});

test("a page that works is shown as it is", () => {
  render(
    <ErrorBoundary heading="Unexpected Application Error!" companyName="Bluepeak IT Solutions">
      <p>All good</p>
    </ErrorBoundary>,
  );
  expect(screen.getByText("All good")).toBeInTheDocument();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

test("on an Arabic page the fallback keeps the page Arabic and right to left, with a title of its own", async () => {
  const arabic = contents.ar;
  document.documentElement.lang = "en";
  document.title = "The page before | Bluepeak IT Solutions";
  render(
    <LanguageProvider code="ar">
      <ErrorBoundary heading={arabic.pagesYaml.errorHeading} companyName={arabic.siteYaml.companyName}>
        <Broken />
      </ErrorBoundary>
    </LanguageProvider>,
  );
  expect(screen.getByRole("heading", { name: arabic.pagesYaml.errorHeading })).toBeInTheDocument();
  await waitFor(() => expect(document.title).toBe(`${arabic.pagesYaml.errorHeading} | ${arabic.siteYaml.companyName}`));
  expect(document.documentElement).toHaveAttribute("lang", "ar");
  expect(document.documentElement).toHaveAttribute("dir", "rtl");
  // The browser's English message keeps its own direction inside the Arabic page: its full stop stays at its end.
  expect(screen.getByText("The services list could not be read.")).toHaveAttribute("dir", "auto");
});
