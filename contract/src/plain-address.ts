/**
 * A plain e-mail address: one local part and one host name of Latin letters,
 * digits and the few marks addresses use, with nothing a mail header or a
 * mailto: link could read as a second address, a display name or a parameter,
 * and no character that looks like another. Both the site's content (the
 * sales e-mail) and the mail service (its settings, the visitor's Reply-To)
 * hold addresses to it.
 */
export const PLAIN_ADDRESS =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isPlainAddress(value: string): boolean {
  return value.length <= 254 && PLAIN_ADDRESS.test(value);
}
