/** 13800000001 → 138****0001: what the list shows of a member who keeps the phone secret. */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone ? '****' : '';
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
