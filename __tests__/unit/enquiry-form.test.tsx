import * as React from "react";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setStaticQueryData } from "../support/gatsby-mock";
import { EnquiryForm } from "../../src/components/enquiry-form";
import { loadContent } from "../support/content";

const content = loadContent();
const companyName = String(content.siteYaml?.companyName);
const industries = (content.industriesYaml as { industries: string[] }).industries;
const SUCCESS = `Thank you for reaching out to ${companyName}. Our team of experienced professionals will review your inquiry and get in touch with you shortly to provide the expert guidance you need.`;
const FAILURE = "Submission failed. Please try again or contact us directly for assistance.";

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

beforeAll(() => {
  process.env.GATSBY_MAIL_API_URL = "https://mail.example.com/api/v1";
});

beforeEach(() => {
  setStaticQueryData(content);
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  jest.restoreAllMocks();
});

test("shows every labelled field and the industries in order after an empty placeholder", () => {
  render(<EnquiryForm />);
  for (const label of ["Name", "Email", "Mobile Number", "Company Name", "What service do you require?"]) {
    expect(screen.getByLabelText(label)).toBeInTheDocument();
  }
  expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
  expect(screen.getByLabelText("Mobile Number")).toHaveAttribute("type", "tel");
  const options = within(screen.getByRole("combobox")).getAllByRole("option");
  expect(options[0]).toHaveValue("");
  expect(options.slice(1).map((option) => option.textContent)).toEqual(industries);
  expect(industries).toHaveLength(30);
  expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
});

test("sending, then success: the button reads Sending...., then the thank-you message replaces the form", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<EnquiryForm />);

  await user.selectOptions(screen.getByRole("combobox"), "Iron & Steel");
  await user.type(screen.getByLabelText("Name"), "Omar Saeed");
  await user.type(screen.getByLabelText("Email"), "omar@example.com");
  await user.type(screen.getByLabelText("Mobile Number"), "+971 50 111 2222");
  await user.type(screen.getByLabelText("Company Name"), "Gulf Steel");
  await user.type(screen.getByLabelText("What service do you require?"), "Network installation");
  await user.click(screen.getByRole("button", { name: "Submit" }));

  expect(screen.getByRole("button", { name: "Sending...." })).toBeDisabled();
  expect(requests).toHaveLength(1);
  expect(requests[0]?.url).toBe("https://mail.example.com/api/v1/mail-sender");
  expect(JSON.parse(String(requests[0]?.init.body))).toEqual({
    industry: "Iron & Steel",
    name: "Omar Saeed",
    phone: "+971 50 111 2222",
    companyName: "Gulf Steel",
    email: "omar@example.com",
    message: "Network installation",
  });

  await act(async () => requests[0]?.settle(new Response(null, { status: 204 })));

  expect(screen.getByRole("status")).toHaveTextContent(SUCCESS);
  expect(screen.queryByRole("button")).not.toBeInTheDocument();
  expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
});

test("a refused request shows the failure message in place of the form", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<EnquiryForm />);

  await user.type(screen.getByLabelText("Name"), "Omar");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  await act(async () => requests[0]?.settle(new Response("boom", { status: 500 })));

  expect(screen.getByRole("status")).toHaveTextContent(FAILURE);
  expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
  expect(screen.queryByLabelText("Name")).not.toBeInTheDocument();
});

test("a network error shows the failure message too", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<EnquiryForm />);

  await user.click(screen.getByRole("button", { name: "Submit" }));
  await act(async () => requests[0]?.settle(new TypeError("Failed to fetch")));

  expect(screen.getByRole("status")).toHaveTextContent(FAILURE);
});

test("an empty form can be sent: nothing is validated", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<EnquiryForm />);

  await user.click(screen.getByRole("button", { name: "Submit" }));

  expect(JSON.parse(String(requests[0]?.init.body))).toEqual({
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
  render(<EnquiryForm />);

  await user.type(screen.getByLabelText("Email"), "not an address");
  await user.click(screen.getByRole("button", { name: "Submit" }));

  expect(requests).toHaveLength(1);
  expect(JSON.parse(String(requests[0]?.init.body)).email).toBe("not an address");
});

test("clicking twice sends one request", async () => {
  const user = userEvent.setup();
  const requests = interceptFetch();
  render(<EnquiryForm />);

  const button = screen.getByRole("button", { name: "Submit" });
  await user.dblClick(button);

  expect(requests).toHaveLength(1);
});

test("the result stays: the form does not come back on its own", async () => {
  jest.useFakeTimers();
  const requests = interceptFetch();
  render(<EnquiryForm />);

  await act(async () => screen.getByRole("button", { name: "Submit" }).click());
  await act(async () => requests[0]?.settle(new Response(null, { status: 200 })));
  await act(async () => jest.advanceTimersByTime(10 * 60 * 1000));

  expect(screen.getByRole("status")).toHaveTextContent(SUCCESS);
  expect(screen.queryByRole("button", { name: "Submit" })).not.toBeInTheDocument();
  jest.useRealTimers();
});
