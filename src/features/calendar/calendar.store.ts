/** Whether the calendar is unlocked: in memory only, so a reload locks it again (spec section 4). */
import { atom } from "nanostores";

export const $calendarUnlocked = atom(false);

export function unlockCalendar(): void {
  $calendarUnlocked.set(true);
}

export function lockCalendar(): void {
  $calendarUnlocked.set(false);
}
