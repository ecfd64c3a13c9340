/**
 * The specification's fixed words: labels, messages and constants the client
 * requires word for word. Tests pin these; everything else they read from the
 * content (support/content.ts), so that any edit an editor may make keeps them green.
 */
export const fixedWords = {
  formLabels: {
    name: "Name",
    email: "Email",
    phone: "Mobile Number",
    companyName: "Company Name",
    message: "What service do you require?",
  },
  submit: "Submit",
  sending: "Sending....",
  success: (company: string) =>
    `Thank you for reaching out to ${company}. Our team of experienced professionals will review your inquiry and get in touch with you shortly to provide the expert guidance you need.`,
  failure: "Submission failed. Please try again or contact us directly for assistance.",
  popupTitle: "Contact us to check availability",
  chatLabel: "Need Help ? Chat with us",
  contactHeading: "Get in Touch",
  errorHeading: "Unexpected Application Error!",
  slideshow: { intervalMs: 8500, transitionMs: 450 },
} as const;
