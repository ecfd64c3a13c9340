import * as React from "react";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CHECK_HEADER, decodeCheck } from "../../contract/src/enquiry-check";
import { proofWorks } from "mail-service/proof";
import { EnquiryForm } from "../../src/components/enquiry-form";
import { useEnquiryFormContent } from "../../src/hooks/use-enquiry-form-content";
import { LanguageProvider } from "../../src/hooks/use-language";
import { fillTemplate } from "../../src/lib/fill-template";
import { content, contents, staticQueryData } from "../support/content";
import { setStaticQueryData } from "../support/gatsby-mock";
import { fixedWords } from "../support/fixed-words";

const { industries } = content.industriesYaml;
const SUCCESS = fixedWords.success(content.siteYaml.companyName);
const FAILURE = fixedWords.failure;
const labels = fixedWords.formLabels;

/** The form as the pages show it: its content from the site's static query, in the page's language. */
function Form({ language = "en" }: { language?: string }) {
  return (
    <LanguageProvider code={language}>
      <FormWithContent />
    </LanguageProvider>
  );
}

function FormWithContent() {
  return <EnquiryForm {...useEnquiryFormContent()} />;
}

type Settle = (response: Response | Error) => void;

/** Replaces fetch, the network boundary, with requests the test answers when it chooses. */
function interceptFetch() {
  const requests: { url: string; init: RequestInit; settle: Settle }[] = [];
  global.fetch = jest.fn(
    (url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        requests.push({
          url: String(url),
          init: init ?? {},
          settle: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)),
        });
      }),
  ) as typeof fetch;
  return requests;
}

/** The form's request, once it has gone: Send waits for the proof of work if it is not ready yet. */
async function sentRequest(requests: ReturnType<typeof interceptFetch>) {
  // The first proof of a run loads its library, compiled on the way: allowed a few seconds.
  await waitFor(() => expect(requests).toHaveLength(1), { timeout: 5_000 });
  return requests[0] as (typeof requests)[number];
}

beforeAll(() => {
  process.env.GATSBY_MAIL_API_URL = "https://mail.example.com/api/v1";
});

beforeEach(() => {
  setStaticQueryData(staticQueryData());
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

test("shows every labelled field and the industries in order after an empty placeholder", () => {
  render(<Form />);
  for (const label of Object.values(labels)) {
    expect(screen.getByLabelText(label)).toBeInTheDocument();
  }
  expect(screen.getByLabelText(labels.email)).toHaveAttribute("type", "email");
  expect(screen.getByLabelText(labels.phone)).toHaveAttribute("type", "tel");
  const options = within(screen.getByRole("combobox")).getAllByRole("option");
  expect(options[0]).toHaveValue("");
  expect(options.slice(1).map((option) => option.textContent)).toEqual(industries);
  expect(screen.getByRole("button", { name: fixedWords.submit })).toBeEnabled();
});

test("sending, then success: the button reads Sending...., then the thank-you message replaces the form", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<Form />);

  const industry = industries[industries.length - 1] ?? "";
  await user.selectOptions(screen.getByRole("combobox"), industry);
  await user.type(screen.getByLabelText(labels.name), "Omar Saeed");
  await user.type(screen.getByLabelText(labels.email), "omar@example.com");
  await user.type(screen.getByLabelText(labels.phone), "+971 50 111 2222");
  await user.type(screen.getByLabelText(labels.companyName), "Gulf Steel");
  await user.type(screen.getByLabelText(labels.message), "Network installation");
  await user.click(screen.getByRole("button", { name: fixedWords.submit }));

  expect(screen.getByRole("button", { name: fixedWords.sending })).toBeDisabled();
  const request = await sentRequest(requests);
  expect(request.url).toBe("https://mail.example.com/api/v1/mail-sender");
  expect(JSON.parse(String(request.init.body))).toEqual({
    industry: industry,
    name: "Omar Saeed",
    phone: "+971 50 111 2222",
    companyName: "Gulf Steel",
    email: "omar@example.com",
    message: "Network installation",
  });

  // Beside the six fields, the check the mail service weighs: the trap left empty, and a proof of work that works.
  const check = decodeCheck(String((request.init.headers as Record<string, string>)[CHECK_HEADER]));
  if (typeof check === "string") throw new Error(`The form's check header is ${check}.`);
  expect(check.trap).toBe("");
  expect(check.proof && (await proofWorks(check.proof))).toBe(true);

  await act(async () => request.settle(new Response(null, { status: 204 })));

  expect(screen.getByRole("status")).toHaveTextContent(SUCCESS);
  expect(screen.queryByRole("button")).not.toBeInTheDocument();
  expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
});

test("a refused request shows the failure message in place of the form", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<Form />);

  await user.type(screen.getByLabelText(labels.name), "Omar");
  await user.click(screen.getByRole("button", { name: fixedWords.submit }));
  const request = await sentRequest(requests);
  await act(async () => request.settle(new Response("boom", { status: 500 })));

  expect(screen.getByRole("status")).toHaveTextContent(FAILURE);
  expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  expect(screen.queryByLabelText(labels.name)).not.toBeInTheDocument();
});

test("a network error shows the failure message too", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<Form />);

  await user.click(screen.getByRole("button", { name: fixedWords.submit }));
  const request = await sentRequest(requests);
  await act(async () => request.settle(new TypeError("Failed to fetch")));

  expect(screen.getByRole("status")).toHaveTextContent(FAILURE);
});

test("an empty form can be sent: nothing is validated", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<Form />);

  await user.click(screen.getByRole("button", { name: fixedWords.submit }));

  expect(JSON.parse(String((await sentRequest(requests)).init.body))).toEqual({
    industry: "",
    name: "",
    phone: "",
    companyName: "",
    email: "",
    message: "",
  });
});

test("a malformed e-mail does not stop the send", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<Form />);

  await user.type(screen.getByLabelText(labels.email), "not an address");
  await user.click(screen.getByRole("button", { name: fixedWords.submit }));

  expect(JSON.parse(String((await sentRequest(requests)).init.body)).email).toBe("not an address");
});

test("clicking twice sends one request", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<Form />);

  const button = screen.getByRole("button", { name: fixedWords.submit });
  await user.dblClick(button);

  await sentRequest(requests);
  // Long enough for a second request to have followed.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(requests).toHaveLength(1);
});

test("the result stays: the form does not come back on its own", async () => {
  const requests = interceptFetch();
  render(<Form />);

  await act(async () => screen.getByRole("button", { name: fixedWords.submit }).click());
  const request = await sentRequest(requests);
  jest.useFakeTimers();
  await act(async () => request.settle(new Response(null, { status: 200 })));
  await act(async () => jest.advanceTimersByTime(10 * 60 * 1000));

  expect(screen.getByRole("status")).toHaveTextContent(SUCCESS);
  expect(screen.queryByRole("button", { name: fixedWords.submit })).not.toBeInTheDocument();
  jest.useRealTimers();
});

test("in Arabic, the labels and industries read in Arabic alphabetical order, each sent as its one English value", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  const arabic = contents.ar;
  render(<Form language="ar" />);

  const options = within(screen.getByRole("combobox")).getAllByRole("option");
  const shown = options.slice(1).map((option) => option.textContent ?? "");
  // Sorted by the Arabic alphabet, each name without its article (التجزئة under ت), the catch-all staying last.
  const names = arabic.industriesYaml.industries;
  const withoutArticle = (name: string) => name.replace(/^ال/, "");
  const collator = new Intl.Collator("ar");
  const sorted = shown.slice(0, -1);
  const outOfOrder = sorted.slice(1).filter((name, index) => {
    const before = sorted[index] ?? "";
    return collator.compare(withoutArticle(before), withoutArticle(name)) > 0;
  });
  expect(outOfOrder).toEqual([]);
  expect([...shown.slice(0, -1)].sort()).toEqual([...names.slice(0, -1)].sort());
  expect(shown.at(-1)).toBe(names.at(-1));
  // Each still sent as the English name at its place in the file.
  for (const option of options.slice(1)) {
    const index = names.indexOf(option.textContent ?? "");
    expect(option.getAttribute("value")).toBe(industries[index]);
  }
  const last = industries.length - 1;
  await user.selectOptions(screen.getByRole("combobox"), arabic.industriesYaml.industries[last] ?? "");
  await user.type(screen.getByLabelText(arabic.enquiryFormYaml.nameLabel), "فاطمة");
  await user.click(screen.getByRole("button", { name: arabic.enquiryFormYaml.submitLabel }));

  expect(screen.getByRole("button", { name: arabic.enquiryFormYaml.sendingLabel })).toBeDisabled();
  const sent = JSON.parse(String((await sentRequest(requests)).init.body));
  expect(sent).toEqual({
    industry: industries[last],
    name: "فاطمة",
    phone: "",
    companyName: "",
    email: "",
    message: "",
  });
  expect(Object.keys(sent)).toHaveLength(6);
  await act(async () => requests[0]?.settle(new Response(null, { status: 200 })));
  expect(screen.getByRole("status")).toHaveTextContent(
    fillTemplate(arabic.enquiryFormYaml.successMessage, { company: arabic.siteYaml.companyName }),
  );
});
