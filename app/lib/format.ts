/** Display and link helpers shared by pages and e-mails. */

/** `tel:` URI of a US display phone number such as '(775) 555-0142' → 'tel:+17755550142'. */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')}`;
}
