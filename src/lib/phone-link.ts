/** The tel: address of a phone number as written in the content (+971 4 555 0142 → tel:+97145550142). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
