/**
 * UAE phone numbers as people there type them: the local way (04 555 0142, 050 555 0187), with the country code
 * (+971 50 555 0187, 00971 50 555 0187), spaced or hyphenated or not at all. The content check takes any of them
 * (model.ts's uaePhone format); the site shows every one in the international form a visitor abroad can dial.
 */
export const UAE_PHONE = /^(?:(?:\+|00)971[ -]?|0)[1-9]\d?[ -]?\d{3}[ -]?\d{4}$/;

/**
 * A UAE number in international form, grouped as the UAE writes it: +971, the area code (one digit) or the
 * mobile operator's code (two, starting with 5), then three and four digits. A value that is not a UAE number
 * (which the content check refuses) is returned as it is.
 */
export function internationalPhone(phone: string): string {
  if (!UAE_PHONE.test(phone)) return phone;
  const national = phone.replace(/\D/g, "").replace(/^(?:00971|971|0)/, "");
  const code = national.length === 9 ? 2 : 1;
  return `+971 ${national.slice(0, code)} ${national.slice(code, code + 3)} ${national.slice(code + 3)}`;
}

/** The tel: address of a phone number as written in the content (04 555 0142 → tel:+97145550142). */
export function phoneHref(phone: string): string {
  return `tel:${internationalPhone(phone).replace(/[^\d+]/g, "")}`;
}

/** The WhatsApp chat with a mobile number (050 555 0187 → https://wa.me/971505550187). */
export function whatsAppChat(phone: string): string {
  return `https://wa.me/${internationalPhone(phone).replace(/\D/g, "")}`;
}
