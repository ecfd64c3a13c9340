import type { Page } from "@playwright/test";
import type { Enquiry } from "../../../contract/src/fields";
import { anEnquiry as someEnquiry } from "../../../contract/src/example-enquiry";
import { content } from "../../support/content";
import { fixedWords } from "../../support/fixed-words";
import { expect } from "./fixtures";

/** An enquiry as a visitor fills the form in, and what the page shows once it is sent. */
export const SUCCESS = fixedWords.success(content.siteYaml.companyName);
export const FAILURE = fixedWords.failure;
const { industries } = content.industriesYaml;
const { industryLabel } = content.enquiryFormYaml;
const labels = fixedWords.formLabels;

/** An enquiry no other test sends (its e-mail can be found in the sales inbox), for the site's last industry. */
export function anEnquiry(overrides: Partial<Enquiry> = {}): Enquiry {
  return someEnquiry({ industry: industries[industries.length - 1] ?? "", ...overrides });
}

/** A brisk typist's pause between keys: a message of a line takes a person some seconds. */
const PERSON_KEY_MS = 60;

/**
 * Fills the page's form in, as it is labelled in English (`formLabels` for another language's labels): at once, as
 * a test fills it (the mail service marks an enquiry sent within seconds of the first key "Possible spam"), or with
 * `pace: "person"` typing the message key by key, as the e-mail of a person's enquiry is tested.
 */
export async function fillEnquiry(
  page: Page,
  values: Enquiry,
  formLabels: { industry: string; name: string; email: string; phone: string; companyName: string; message: string } = {
    industry: industryLabel,
    ...labels,
  },
  { pace = "test" }: { pace?: "test" | "person" } = {},
) {
  const form = page.getByRole("main");
  if (values.industry) await form.getByLabel(formLabels.industry, { exact: true }).selectOption(values.industry);
  await form.getByLabel(formLabels.name, { exact: true }).fill(values.name);
  await form.getByLabel(formLabels.email, { exact: true }).fill(values.email);
  await form.getByLabel(formLabels.phone, { exact: true }).fill(values.phone);
  await form.getByLabel(formLabels.companyName, { exact: true }).fill(values.companyName);
  const message = form.getByLabel(formLabels.message, { exact: true });
  if (pace === "person") await message.pressSequentially(values.message, { delay: PERSON_KEY_MS });
  else await message.fill(values.message);
}

/** The e-mail's lines for what the visitor typed into each field but the message. */
export const typedLines = (enquiry: Enquiry) => [
  `Industry: ${enquiry.industry}`,
  `Name: ${enquiry.name}`,
  `Email: ${enquiry.email}`,
  `Mobile Number: ${enquiry.phone}`,
  `Company Name: ${enquiry.companyName}`,
];

/** After the request settles, the result has replaced the form: no field or button is left. */
export async function expectFormReplacedBy(page: Page, message: string) {
  const main = page.getByRole("main");
  await expect(main.getByRole("status")).toHaveText(message);
  await expect(main.getByRole("textbox")).toHaveCount(0);
  await expect(main.getByRole("combobox")).toHaveCount(0);
  await expect(main.getByRole("button", { name: fixedWords.submit })).toHaveCount(0);
  await expect(main.getByRole("button", { name: fixedWords.sending })).toHaveCount(0);
}
