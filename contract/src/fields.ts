/**
 * The enquiry the site sends (specification, section 3): these six fields,
 * every one a string, none required. The site's client (src/lib/mail-service.ts)
 * sends exactly these keys and the service takes nothing else.
 */
export const ENQUIRY_FIELDS = ["industry", "name", "phone", "companyName", "email", "message"] as const;

export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

export type Enquiry = Record<EnquiryField, string>;
