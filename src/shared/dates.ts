/**
 * Dates as the extension pages show them. Two kinds, told apart on purpose:
 * - a clip's `published` is a day the *page* states ("2016-02-09", or an ISO time with the
 *   page's own offset): shown as that calendar day wherever the reader is. Read as an
 *   instant in the reader's zone, "2016-02-09" (UTC midnight) showed as Feb 8 west of
 *   Greenwich, and an evening post in Tokyo as the day before in Europe;
 * - `savedAt` is an instant on this machine: shown as the local day.
 */
export type MonthStyle = 'short' | 'long';

/** The calendar day a page states in `published`; a text that is no date comes back as is. */
export function formatStatedDay(published: string | null, month: MonthStyle): string | null {
  if (!published) return null;
  const m = STATED_DAY.exec(published);
  if (m) {
    const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    if (!Number.isNaN(day.getTime())) return day.toLocaleDateString(undefined, { year: 'numeric', month, day: 'numeric', timeZone: 'UTC' });
  }
  return formatInstantDay(Date.parse(published), month) ?? published;
}
const STATED_DAY = /^(\d{4})-(\d{2})-(\d{2})(?![\d])/;

/** The local day of an instant (epoch ms). */
export function formatInstantDay(ms: number | null, month: MonthStyle): string | null {
  if (ms === null) return null;
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? null : d.toLocaleDateString(undefined, { year: 'numeric', month, day: 'numeric' });
}
