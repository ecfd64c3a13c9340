import type { Enquiry } from "./fields";

/**
 * A realistic enquiry whose message is unique to this call, so that its e-mail can be told apart in an inbox: the
 * mail service's tests post it, the browser tests type it into the form. Here, in what both sides share, so that
 * the tests on each side use one; nothing the site or the Worker runs imports it.
 */
export function anEnquiry(overrides: Partial<Enquiry> = {}): Enquiry {
  return {
    industry: "Oil and Gas",
    name: "Fatima Al Mansoori",
    phone: "+971 50 123 4567",
    companyName: "Falcon Drilling Services",
    email: "fatima@example.com",
    message: `We need on-site support for 40 laptops. (${Math.random().toString(36).slice(2)})`,
    ...overrides,
  };
}
